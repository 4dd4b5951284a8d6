import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/**
 * npm 11 runs a dependency's install scripts only when package.json's
 * `allowScripts` approves it, and `npm ci` ends with a warning naming every
 * package it has no decision for. Every installed package with an install
 * script has one here, so a fresh `npm ci` prints no such warning; a new
 * dependency with a script fails this until someone decides
 * (`npm install-scripts approve|deny <pkg>`).
 */

const root = projectRoot();
const installHooks = ['preinstall', 'install', 'postinstall'];

/** The folder of every installed package, scoped ones included, nested node_modules too. */
function packageFolders(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  return readdirSync(nodeModules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const folder = join(nodeModules, entry.name);
      const packages = entry.name.startsWith('@') ? readdirSync(folder).map((name) => join(folder, name)) : [folder];
      return packages.flatMap((found) => [found, ...packageFolders(join(found, 'node_modules'))]);
    });
}

function hasInstallScript(folder: string): boolean {
  const manifestPath = join(folder, 'package.json');
  if (!existsSync(manifestPath)) return false;
  const scripts = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  // A package with a binding.gyp and no install hook gets npm's default one, `node-gyp rebuild`.
  return installHooks.some((hook) => hook in scripts) || existsSync(join(folder, 'binding.gyp'));
}

it('has a decision in package.json allowScripts for every installed package with an install script', () => {
  const { allowScripts = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
  const decided = new Set(Object.keys(allowScripts).map((entry) => entry.replace(/(.)@.*$/, '$1')));
  const withScripts = new Set(
    packageFolders(join(root, 'node_modules'))
      .filter(hasInstallScript)
      .map((folder) => (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string }).name),
  );

  expect([...withScripts].filter((name) => !decided.has(name))).toEqual([]);
  expect(withScripts.size).toBeGreaterThan(0);
});
