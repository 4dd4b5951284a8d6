import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type BuildOptions, type Metafile, build } from 'esbuild';
import { lambdaBundle } from '../../lib/lambda-bundle';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { backgroundFunctions } from '../../shared/routes/background-registry';
import { consumerFunctions, deadLetterNotifierFunction, usageMeterAggregatorFunction } from '../../shared/routes/consumer-registry';
import { httpRoutes } from '../../shared/routes/registry';

export const baselineName = 'baseline';

export type FunctionKind = 'http' | 'operator' | 'background' | 'consumer';

/** One Lambda bundle as the stack would deploy it, or a baseline it is measured against. */
export interface BuiltBundle {
  name: string;
  kind: FunctionKind | 'baseline';
  file: string;
  bytes: number;
  /** Bytes in the output per package (node_modules package name, or `(project)` for our sources), largest first. */
  packages: Array<{ name: string; bytes: number }>;
  /** AWS clients besides DynamoDB's that the bundle holds, each with the commands of it the bundle holds. */
  clients: ClientUse[];
}

/** An AWS client package (`@aws-sdk/client-s3`) and the command modules of it that a bundle holds. */
export interface ClientUse {
  name: string;
  commands: string[];
}

/**
 * `lambdaBundle` is written in the CDK's BundlingOptions vocabulary; esbuild
 * names two of its options differently. Every key is translated explicitly, so
 * an option added there and unknown here stops the benchmark instead of being
 * silently dropped.
 */
export function esbuildOptionsOf(bundle: Record<string, unknown>): BuildOptions {
  const options: BuildOptions = {};
  for (const [key, value] of Object.entries(bundle)) {
    switch (key) {
      case 'minify':
        options.minify = value as boolean;
        break;
      case 'sourceMap':
        options.sourcemap = value as boolean;
        break;
      case 'format':
        options.format = value as BuildOptions['format'];
        break;
      case 'target':
        options.target = value as string;
        break;
      case 'mainFields':
        options.mainFields = [...(value as readonly string[])];
        break;
      case 'banner':
        options.banner = { js: value as string };
        break;
      case 'esbuildArgs':
        options.alias = aliasesOf(value as Record<string, readonly string[]>);
        break;
      default:
        throw new Error(`lib/lambda-bundle.ts has option "${key}" that bench/cold-start/bundles.ts does not translate to esbuild`);
    }
  }
  return options;
}

/** esbuild's `alias` from the CLI arguments NodejsFunction passes (`--alias` items `from=to`); any other argument stops the bench. */
function aliasesOf(cliArgs: Record<string, readonly string[]>): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const [flag, items] of Object.entries(cliArgs)) {
    if (flag !== '--alias') throw new Error(`lib/lambda-bundle.ts passes esbuild "${flag}", which bench/cold-start/bundles.ts does not translate`);
    for (const item of items) {
      const [from, to] = item.split('=');
      if (!from || !to) throw new Error(`lib/lambda-bundle.ts has an --alias item "${item}" that is not from=to`);
      aliases[from] = to;
    }
  }
  return aliases;
}

/** The class each AWS client package exports, for the baselines that add it; a client not named here stops the bench. */
const clientClasses: Record<string, string> = {
  '@aws-sdk/client-eventbridge': 'EventBridgeClient',
  '@aws-sdk/client-lambda': 'LambdaClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sqs': 'SQSClient',
};

const entryFolders: Record<FunctionKind, string> = { http: 'http', operator: 'operator', background: 'background', consumer: 'consumers' };

/** Every function the stack deploys, from its registry, with its entry file. */
export function functionEntries(root: string): Array<{ name: string; kind: FunctionKind; entry: string }> {
  const named: Array<[FunctionKind, ReadonlyArray<{ name: string }>]> = [
    ['http', httpRoutes],
    ['operator', operatorFunctions],
    ['background', backgroundFunctions],
    ['consumer', [...consumerFunctions, deadLetterNotifierFunction, usageMeterAggregatorFunction]],
  ];
  return named.flatMap(([kind, definitions]) =>
    definitions.map(({ name }) => ({ name, kind, entry: join(root, 'functions', entryFolders[kind], `${name}.ts`) })),
  );
}

function packageOf(path: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match?.[1] ?? '(project)';
}

function outputOf(metafile: Metafile, outfile: string, root: string) {
  const output = metafile.outputs[relative(root, outfile)];
  if (!output) throw new Error(`esbuild metafile has no output ${outfile}`);
  return output;
}

function packageBreakdown(inputs: Metafile['outputs'][string]['inputs']): BuiltBundle['packages'] {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(input);
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([name, total]) => ({ name, bytes: total })).sort((a, b) => b.bytes - a.bytes);
}

/** The AWS clients other than DynamoDB's in a bundle, and which of their command modules made it into the output. */
function clientsOf(inputs: Metafile['outputs'][string]['inputs']): ClientUse[] {
  const clients = new Map<string, Set<string>>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(input);
    if (!/^@aws-sdk\/client-/.test(name) || name === '@aws-sdk/client-dynamodb' || bytesInOutput === 0) continue;
    const commands = clients.get(name) ?? new Set<string>();
    const command = /\/commands\/(\w+Command)\.js$/.exec(input)?.[1];
    if (command) commands.add(command);
    clients.set(name, commands);
  }
  return [...clients].map(([name, commands]) => ({ name, commands: [...commands].sort() })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The baseline handler with `clients` added: each client created at module scope beside the document client, its commands sent. */
function baselineWithClients(clients: ClientUse[]): string {
  const lines = ["import { handler as documentClientOnly } from './baseline-handler';"];
  const uses: string[] = [];
  clients.forEach((client, index) => {
    const clientClass = clientClasses[client.name];
    if (!clientClass) throw new Error(`bench/cold-start/bundles.ts does not know the client class of ${client.name}`);
    lines.push(`import { ${[clientClass, ...client.commands].join(', ')} } from '${client.name}';`);
    lines.push(`const client${index} = new ${clientClass}({});`);
    uses.push(...client.commands.map((command) => `() => client${index}.send(new ${command}({} as never))`));
  });
  lines.push(`const sends = [${uses.join(', ')}];`);
  lines.push('export const handler = async () => ({ ...(await documentClientOnly()), sent: sends.length });');
  return lines.join('\n');
}

/** The baseline a function is measured against: the document client alone, plus the other clients it holds with their commands. */
export function baselineOf(clients: ClientUse[]): string {
  const added = clients.map((client) => `${client.name.replace('@aws-sdk/client-', '')} (${client.commands.join(', ') || 'no command'})`);
  return [baselineName, ...added].join(' + ');
}

/**
 * Builds every function into `<tmp>/<name>/index.mjs` with the stack's options
 * plus bundle, platform node, no externals; then, for each set of other AWS
 * clients some function holds, the baseline with those clients and their
 * commands added, built the same way.
 */
export async function buildBundles(root: string): Promise<{ functions: BuiltBundle[]; baselines: Map<string, BuiltBundle>; dispose(): void }> {
  const outdir = mkdtempSync(join(tmpdir(), 'accounting-bench-'));
  const options = esbuildOptionsOf(lambdaBundle);
  const buildOne = async (name: string, kind: BuiltBundle['kind'], source: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<BuiltBundle> => {
    const file = join(outdir, name.replace(/[^\w.-]+/g, '_'), 'index.mjs');
    const result = await build({ ...options, ...source, outfile: file, bundle: true, platform: 'node', external: [], absWorkingDir: root, metafile: true, logLevel: 'error' });
    const { inputs } = outputOf(result.metafile, file, root);
    return { name, kind, file, bytes: statSync(file).size, packages: packageBreakdown(inputs), clients: clientsOf(inputs) };
  };
  const functions: BuiltBundle[] = [];
  for (const { name, kind, entry } of functionEntries(root)) functions.push(await buildOne(name, kind, { entryPoints: [entry] }));
  const baselines = new Map<string, BuiltBundle>();
  baselines.set(baselineName, await buildOne(baselineName, 'baseline', { entryPoints: [join(root, 'bench', 'cold-start', 'baseline-handler.ts')] }));
  for (const bundle of functions) {
    const name = baselineOf(bundle.clients);
    if (baselines.has(name)) continue;
    const stdin = { contents: baselineWithClients(bundle.clients), resolveDir: join(root, 'bench', 'cold-start'), loader: 'ts' as const, sourcefile: 'baseline-with-clients.ts' };
    baselines.set(name, await buildOne(name, 'baseline', { stdin }));
  }
  return { functions, baselines, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}
