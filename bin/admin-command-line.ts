import { parseArgs } from 'node:util';

/** What bin/admin.ts takes on its command line, and the errors of one that does not fit. */

export const usage = `Usage:
  npm run -s admin -- credential issue --orgcode ORG --actor ACTOR --roles r1,r2 [--owner]
                                       [--kind api_key|session] [--expires-in-hours N]
  npm run -s admin -- credential revoke --orgcode ORG --fingerprint F
  npm run -s admin -- credential list --orgcode ORG
  npm run -s admin -- organisation show --orgcode ORG
  npm run -s admin -- organisation raise-shards --orgcode ORG --shards N [--reason TEXT]
  npm run -s admin -- financial-rollup run --dt YYYY-MM-DD [--to YYYY-MM-DD] [--orgcode ORG]
  npm run -s admin -- financial-rollup index-receivable-changes --orgcode ORG
  npm run -s admin -- usage-rollup run --dt YYYY-MM-DD [--to YYYY-MM-DD] [--orgcode ORG]
  npm run -s admin -- dead-letter list
  npm run -s admin -- dead-letter show --id ID
  npm run -s admin -- dead-letter redrive --id ID | --all

Target (default: the local server started with \`npm start\`):
  --function-name NAME [--region R]   a deployed operator function, with the AWS credentials of the
                                      environment; the region is --region, else AWS_REGION or the
                                      AWS profile's (one of them is needed)
  --queue-url URL [--region R]        dead-letter: a deployed stack's queue (its ConsumerDeadLetterQueueUrl
                                      output); the region is --region, else the queue URL's
  --data-dir DIR                      the local server's data folder, as given to npm start
                                      (default: $ACCOUNTING_DATA_DIR, else .data)`;

const helpHint = 'npm run -s admin -- --help lists every command.';

/** A command line that does not fit: its message says what is wrong and what would fit. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const options = {
  orgcode: { type: 'string' },
  actor: { type: 'string' },
  roles: { type: 'string' },
  owner: { type: 'boolean' },
  kind: { type: 'string' },
  'expires-in-hours': { type: 'string' },
  fingerprint: { type: 'string' },
  shards: { type: 'string' },
  reason: { type: 'string' },
  dt: { type: 'string' },
  to: { type: 'string' },
  id: { type: 'string' },
  all: { type: 'boolean' },
  region: { type: 'string' },
  'function-name': { type: 'string' },
  'queue-url': { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Flags = { [name in keyof typeof options]?: (typeof options)[name]['type'] extends 'boolean' ? boolean : string };
export type RequiredFlag = 'orgcode' | 'actor' | 'fingerprint' | 'shards' | 'dt' | 'id';

/** Every command, with the flags it cannot run without. */
const commands = {
  'credential issue': ['orgcode', 'actor'],
  'credential revoke': ['orgcode', 'fingerprint'],
  'credential list': ['orgcode'],
  'organisation show': ['orgcode'],
  'organisation raise-shards': ['orgcode', 'shards'],
  'financial-rollup run': ['dt'],
  'financial-rollup index-receivable-changes': ['orgcode'],
  'usage-rollup run': ['dt'],
  'dead-letter list': [],
  'dead-letter show': ['id'],
  'dead-letter redrive': [],
} as const satisfies Record<string, readonly RequiredFlag[]>;

export type Command = keyof typeof commands;

/** The command and flags of `args`, or undefined for --help; a UsageError names everything that does not fit at once. */
export function parseCommandLine(args: string[]): { command: Command; flags: Flags } | undefined {
  const { values: flags, positionals } = parseFlags(args);
  if (flags.help) return undefined;
  const command = knownCommand(positionals);
  const missing = commands[command].filter((name) => !flags[name]);
  if (missing.length > 0) {
    throw new UsageError(`${command} needs ${listed(missing.map((name) => `--${name}`))}:\n${usageOf(command)}`);
  }
  return { command, flags };
}

function parseFlags(args: string[]): { values: Flags; positionals: string[] } {
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const flag = /'(-[^' ]+)/.exec((error as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`Unknown flag ${flag}.${suggestion(flag.replace(/^-+/, ''), Object.keys(options), (name) => `--${name}`)} ${helpHint}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${flag} needs a value (${flag} VALUE). ${helpHint}`);
    throw error;
  }
}

function knownCommand(positionals: string[]): Command {
  const words = positionals.join(' ');
  if (words in commands) return words as Command;
  const names = Object.keys(commands) as Command[];
  if (words === '') throw new UsageError(usage);
  const [group = ''] = positionals;
  const actions = names.filter((name) => name.startsWith(`${group} `));
  if (positionals.length === 1 && actions.length > 0) {
    throw new UsageError(`${group} needs an action: ${listed(actions.map((name) => name.slice(group.length + 1)), 'or')}.\n${usageOf(group)}`);
  }
  throw new UsageError(`Unknown command "${words}".${suggestion(words, names, (name) => `"${name}"`)} ${helpHint}`);
}

/** " Did you mean X?" for the candidate closest to `word`, if one is close enough to be a typo of it. */
function suggestion(word: string, candidates: string[], shown: (candidate: string) => string): string {
  const [closest] = candidates
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate) }))
    .sort((a, b) => a.distance - b.distance);
  const closeEnough = closest && closest.distance <= Math.max(2, Math.floor(word.length / 3));
  return closeEnough ? ` Did you mean ${shown(closest.candidate)}?` : '';
}

/** Levenshtein distance: the fewest single-character edits that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The usage lines of the commands that start with `prefix`. */
function usageOf(prefix: string): string {
  const lines = usage.split('\n');
  return lines
    .flatMap((line, at) => (line.includes(`admin -- ${prefix}`) ? [line, ...continuationsAfter(lines, at)] : []))
    .join('\n');
}

function continuationsAfter(lines: string[], at: number): string[] {
  const continued: string[] = [];
  for (let next = at + 1; /^ {30,}\[/.test(lines[next] ?? ''); next += 1) continued.push(lines[next] ?? '');
  return continued;
}

function listed(items: string[], conjunction = 'and'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
