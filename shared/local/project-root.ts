import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root: the nearest folder at or above the working directory that
 * holds a package.json. npm scripts and jest run from the root, but walking up
 * keeps `npx tsx bin/start.ts` working from a subfolder too. (No `import.meta`:
 * jest loads this module as CommonJS.)
 */
export function projectRoot(from: string = process.cwd()): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json found at or above ${from}`);
    dir = parent;
  }
}

/** The project's package.json version, which the handlers report as BUILD_VERSION. */
export function packageVersion(root: string = projectRoot()): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error('package.json has no version');
  return manifest.version;
}
