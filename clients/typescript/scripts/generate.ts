import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientSources } from './client-sources';

/**
 * `npm run client:generate`: writes the client's generated sources from
 * docs/openapi.json into clients/typescript/src/generated (or into the folder
 * given as the first argument).
 */

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const document = JSON.parse(readFileSync(join(packageRoot, '../../docs/openapi.json'), 'utf8'));
const outDir = resolve(process.argv[2] ?? join(packageRoot, 'src/generated'));

mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(await clientSources(document))) {
  writeFileSync(join(outDir, name), text);
  console.log(`wrote ${join(outDir, name)} (${text.length} characters)`);
}
