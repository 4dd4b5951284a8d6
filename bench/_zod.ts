import { build } from 'esbuild';
const r = await build({ minify: true, format: 'esm', target: 'node20', mainFields: ['module','main'], entryPoints: [process.argv[2]!], outfile: '/tmp/_m/out.mjs', bundle: true, platform: 'node', metafile: true, logLevel: 'error' });
const o = Object.values(r.metafile.outputs)[0]!;
for (const [k, v] of Object.entries(o.inputs).filter(([k]) => k.includes('zod')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) console.log(v.bytesInOutput, k);
