import { build } from 'esbuild';
import { lambdaBundle } from '../lib/lambda-bundle';
const entry = process.argv[2]!;
const r = await build({ minify: true, format: 'esm', target: lambdaBundle.target, mainFields: [...lambdaBundle.mainFields], banner: { js: lambdaBundle.banner }, entryPoints: [entry], outfile: '/tmp/_m/out.mjs', bundle: true, platform: 'node', metafile: true, logLevel: 'error' });
const o = Object.values(r.metafile.outputs)[0]!;
const rows = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
const pk = new Map<string, number>();
for (const [k, v] of rows) { const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(k); const n = m?.[1] ?? k; pk.set(n, (pk.get(n) ?? 0) + v.bytesInOutput); }
console.log(o.bytes, (o.bytes / 341314).toFixed(3));
if (process.argv[3]) for (const [k, v] of [...pk].sort((a, b) => b[1] - a[1])) if (v > 300) console.log(v, k);
