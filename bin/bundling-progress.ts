/**
 * The CDK writes "Bundling asset <path>..." to stderr for each of the stack's
 * ~75 functions, with no option to turn it off (aws-cdk-lib's AssetStaging),
 * even under `cdk synth -q`. This keeps what `stream` shows of bundling to one
 * line when it starts and, from `finish`, one with the count and the time;
 * esbuild's own output is already off (logLevel in lib/accounting-function.ts).
 */
export function quietBundling(stream: NodeJS.WriteStream): { finish(): void } {
  const write = stream.write.bind(stream);
  let bundled = 0;
  const startedAt = Date.now();
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (!String(chunk).startsWith('Bundling asset ')) return write(chunk, ...rest);
    if (bundled === 0) write('Bundling the Lambda functions with esbuild (a minute or two)...\n');
    bundled += 1;
    return true;
  }) as typeof stream.write;
  return {
    finish() {
      if (bundled > 0) write(`Bundled ${bundled} functions in ${Math.round((Date.now() - startedAt) / 1000)} s.\n`);
    },
  };
}
