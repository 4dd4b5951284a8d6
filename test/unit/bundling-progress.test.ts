import { PassThrough } from 'node:stream';
import { quietBundling } from '../../bin/bundling-progress';

/** bin/app.ts under cdk synth/deploy: the CDK's line per bundled function becomes one line before and one after. */
it("turns the CDK's line per bundled function into one line when bundling starts and one with the count, and passes the rest through", async () => {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  const shown: string[] = [];
  stream.setEncoding('utf8').on('data', (chunk: string) => shown.push(chunk));
  const bundling = quietBundling(stream);

  stream.write('Bundling asset AccountingService-dev/A/Handler/Code/Stage...\n');
  stream.write('Bundling asset AccountingService-dev/B/Handler/Code/Stage...\n');
  stream.write('A warning from esbuild\n');
  bundling.finish();
  await new Promise((resolve) => setImmediate(resolve));

  expect(shown).toEqual([
    'Bundling the Lambda functions with esbuild (a minute or two)...\n',
    'A warning from esbuild\n',
    expect.stringMatching(/^Bundled 2 functions in \d+ s\.\n$/),
  ]);
});
