import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsOf, functionEntries } from '../../bench/cold-start/bundles';
import { lambdaBundle } from '../../lib/lambda-bundle';
import { projectRoot } from '../../shared/local/project-root';

/**
 * Node built-in modules an HTTP route may load beyond those its baseline (the
 * document client alone) loads, each with why. Loading one is paid at every
 * cold start, so a new one has to be named here.
 */
const builtinsBeyondBaseline = new Set([
  // @middy/core's early-timeout timer: Node loads this module while it starts, before any bundle, so it costs nothing.
  // (Its streamed-response built-ins are loaded on first use: lib/lambda-bundle.ts.)
  'timers',
  // The invocation fence lifts its abort signals' listener limit (setMaxListeners): Node loads `events` while it
  // starts too (process is an EventEmitter), so it costs nothing either.
  'events',
]);

describe('the cold-start budget', () => {
  it('measures every function the stack deploys: each entry file under functions/ is one of its bundles', () => {
    const root = projectRoot();
    const onDisk = ['http', 'operator', 'background', 'consumers'].flatMap((folder) =>
      readdirSync(join(root, 'functions', folder))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join('functions', folder, file)),
    );
    const measured = functionEntries(root).map((entry) => join('functions', basename(join(entry.entry, '..')), basename(entry.entry)));

    expect([...measured].sort()).toEqual([...onDisk].sort());
  });

  it('loads, in an HTTP route, no Node built-in module beyond those its baseline loads but the ones listed', async () => {
    const root = projectRoot();
    const routes = functionEntries(root).filter((entry) => entry.kind === 'http');
    const { metafile } = await build({
      ...esbuildOptionsOf(lambdaBundle),
      entryPoints: { baseline: join(root, 'bench', 'cold-start', 'baseline-handler.ts'), ...Object.fromEntries(routes.map((route) => [route.name, route.entry])) },
      bundle: true,
      platform: 'node',
      write: false,
      metafile: true,
      outdir: 'out',
      absWorkingDir: root,
      logLevel: 'silent',
    });
    const builtinsOf = (name: string) =>
      new Set(metafile.outputs[`out/${name}.js`]!.imports.filter((imported) => imported.external).map((imported) => imported.path.replace(/^node:/, '')));
    const baseline = builtinsOf('baseline');

    const beyond = routes
      .map((route) => ({ route: route.name, builtins: [...builtinsOf(route.name)].filter((path) => !baseline.has(path) && !builtinsBeyondBaseline.has(path)) }))
      .filter((found) => found.builtins.length > 0);

    expect(beyond).toEqual([]);
  });
});
