import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Scenario, httpCall } from './http-client';

/** Why a command was issued within a route call. */
export type Purpose = 'auth' | 'idempotency' | 'operation';

interface MeteredCommand {
  name: string;
  purpose: Purpose;
  rcu: number;
  wcu: number;
  /** Items the command read: a Query's ScannedCount (before any filter), 1 for a GetItem that found its item. */
  itemsRead: number;
  /** The error the command failed with: DynamoDB reports no capacity for a failed command. */
  failed?: string;
}

export interface Units {
  rcu: number;
  wcu: number;
}

export interface CapacityResult {
  label: string;
  calls: number;
  /** Commands of one call, e.g. `GetItem(auth) Query`. */
  commands: string;
  /** Mean units per call, split by purpose. */
  perCall: Record<Purpose, Units> & { total: Units };
  /** Every call consumed the same units. */
  stable: boolean;
}

const readCommands = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems', 'ExecuteStatement']);
const middlewareName = 'benchConsumedCapacity';

function partitionKeyOf(input: Record<string, unknown>): string {
  const key = input.Key as Record<string, unknown> | undefined;
  const pk = key?.pk;
  return typeof pk === 'string' ? pk : '';
}

/** The credential read authenticates; the stored-response read is the idempotency check; the rest is the operation. */
function purposeOf(name: string, input: Record<string, unknown>): Purpose {
  const pk = partitionKeyOf(input);
  if (name !== 'GetItem') return 'operation';
  if (pk.endsWith('#CREDENTIAL')) return 'auth';
  if (pk.includes('#IDEMPOTENCY#')) return 'idempotency';
  return 'operation';
}

/** Read or write units of a command's ConsumedCapacity (one or a list): the split when DynamoDB gives one, else by the kind of command. */
export function unitsOf(name: string, reported: ConsumedCapacity | ConsumedCapacity[] | undefined): Units {
  let rcu = 0;
  let wcu = 0;
  for (const entry of Array.isArray(reported) ? reported : reported ? [reported] : []) {
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      rcu += entry.ReadCapacityUnits ?? 0;
      wcu += entry.WriteCapacityUnits ?? 0;
    } else if (readCommands.has(name)) rcu += entry.CapacityUnits ?? 0;
    else wcu += entry.CapacityUnits ?? 0;
  }
  return { rcu, wcu };
}

/**
 * Asks DynamoDB for ConsumedCapacity on every command of a document client and
 * keeps, per command, the units and why it was issued. Calls are sequential in
 * this phase, so `reset()` before a call scopes the log to it.
 */
export class CapacityMeter {
  private log: MeteredCommand[] = [];

  attach(client: DynamoDBDocumentClient): this {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        const purpose = purposeOf(name, input);
        let result: Awaited<ReturnType<typeof next>>;
        try {
          result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: 'TOTAL' } });
        } catch (error) {
          // E.g. the conditional DeleteItem a payment ends with: AWS bills the write, but the error carries no units.
          this.log.push({ name, purpose, rcu: 0, wcu: 0, itemsRead: 0, failed: (error as Error).name });
          throw error;
        }
        const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[]; ScannedCount?: number; Item?: unknown };
        const reported = output.ConsumedCapacity;
        if (reported === undefined) throw new Error(`${name} returned no ConsumedCapacity although asked to`);
        const units = unitsOf(name, reported);
        const itemsRead = output.ScannedCount ?? (output.Item ? 1 : 0);
        this.log.push({ name, purpose, ...units, itemsRead });
        return result;
      },
      { step: 'initialize', name: middlewareName },
    );
    return this;
  }

  detach(client: DynamoDBDocumentClient): void {
    client.middlewareStack.remove(middlewareName);
  }

  reset(): void {
    this.log = [];
  }

  commands(): readonly MeteredCommand[] {
    return this.log;
  }
}

const zero = (): Units => ({ rcu: 0, wcu: 0 });

/** `GetItem(auth)`, `Query`, `DeleteItem(condition failed)`. */
function describe(command: MeteredCommand): string {
  const notes = [
    ...(command.purpose === 'operation' ? [] : [command.purpose]),
    ...(command.failed ? [command.failed === 'ConditionalCheckFailedException' ? 'condition failed' : command.failed] : []),
  ];
  return notes.length ? `${command.name}(${notes.join(', ')})` : command.name;
}

/** Units of each scenario's route call, `calls` times, sequentially. */
export async function measureCapacity(
  scenarios: Scenario[],
  baseUrl: string,
  meter: CapacityMeter,
  calls: number,
): Promise<CapacityResult[]> {
  const results: CapacityResult[] = [];
  for (const scenario of scenarios) {
    const perCall: Array<Record<Purpose | 'total', Units>> = [];
    let commands = '';
    for (let call = 0; call < calls; call += 1) {
      const request = httpCall(baseUrl, scenario.route.path, scenario.request());
      meter.reset();
      const response = await request();
      if (response.status !== 200) throw new Error(`${scenario.label} answered ${response.status}: ${response.text}`);
      const sums: Record<Purpose | 'total', Units> = { auth: zero(), idempotency: zero(), operation: zero(), total: zero() };
      for (const command of meter.commands()) {
        for (const bucket of [sums[command.purpose], sums.total]) {
          bucket.rcu += command.rcu;
          bucket.wcu += command.wcu;
        }
      }
      perCall.push(sums);
      commands = meter.commands().map(describe).join(' ');
    }
    const mean = (purpose: Purpose | 'total'): Units => ({
      rcu: perCall.reduce((sum, call) => sum + call[purpose].rcu, 0) / calls,
      wcu: perCall.reduce((sum, call) => sum + call[purpose].wcu, 0) / calls,
    });
    const first = JSON.stringify(perCall[0]);
    results.push({
      label: scenario.label,
      calls,
      commands,
      perCall: { auth: mean('auth'), idempotency: mean('idempotency'), operation: mean('operation'), total: mean('total') },
      stable: perCall.every((call) => JSON.stringify(call) === first),
    });
  }
  return results;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of shared/ and functions/ that names a Scan command (the class, its paginator, or a `Scan` call). */
export function scanReferences(root: string): string[] {
  const pattern = /\bScanCommand\b|\bpaginateScan\b|\.scan\(/;
  return ['shared', 'functions'].flatMap((folder) =>
    sourceFiles(join(root, folder)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
    ),
  );
}
