import { randomBytes } from 'node:crypto';
import { type BackingServices, startBackingServices } from '../../shared/local/backing-services';
import { applyEnvironment, localEnvironment, randomSigningKey } from '../../shared/local/environment';
import { type IssuedCredential, type LocalApi, issueCredential, post, startLocalApi } from '../../test/support/local-api';

export const benchResourceNames = { tableName: 'accounting-bench', bucketName: 'accounting-bench' } as const;

/** The reconcile and list window the seeded events fall in. */
export const seedWindow = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' } as const;

/** A caller: the headers that present its credential, and the credential item's key parts. */
export interface BenchCaller {
  orgcode: string;
  headers: Record<string, string>;
  credential: IssuedCredential;
}

export interface BenchStack {
  api: LocalApi;
  /** Org holding the seeded events; only read during the run. */
  reader: BenchCaller;
  /** Another org, written to by the record calls, so the read org's data never changes. */
  writer: BenchCaller;
  seededEventIds: string[];
  stop(): Promise<void>;
}

/** An org of its own for each part of the bench (the prefix says which), so no part reads another's data. */
export function benchOrgcode(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** A caller of `orgcode` with `roles`, presenting a fresh API key. */
export async function benchCaller(orgcode: string, roles: string[]): Promise<BenchCaller> {
  const credential = await issueCredential({ orgcode, actor: 'bench', roles, kind: 'api_key' });
  return { orgcode, headers: { 'x-orgcode': orgcode, 'x-api-key': credential.secret }, credential };
}

/** Event `index` of the seed: three in four are order.placed, spread over the window, four orders share the lineage. */
export function seedEvent(orgcode: string, index: number): Record<string, unknown> {
  return {
    event_type: index % 4 === 3 ? 'order.refunded' : 'order.placed',
    occurred_at: new Date(Date.parse(seedWindow.from_utc) + index * 3 * 3_600_000).toISOString(),
    channel_code: 'web_store',
    amount: { currency: 'USD', amount: 10 + (index % 50) / 4 },
    tax_amount: { currency: 'USD', amount: 0.75 },
    tax_jurisdiction_code: 'US-CA',
    reason: `Bench order ${index}`,
    source_refs: [{ kind: 'order', id: `ord_${index % 4}` }],
    request_context: { orgcode, actor: 'bench', context_source: 'api_key' },
  };
}

async function seed(caller: BenchCaller, count: number): Promise<string[]> {
  const ids: string[] = new Array<string>(count);
  const parallel = 4;
  for (let start = 0; start < count; start += parallel) {
    await Promise.all(
      Array.from({ length: Math.min(parallel, count - start) }, async (_, offset) => {
        const index = start + offset;
        const response = await post('/event/record', seedEvent(caller.orgcode, index), caller.headers);
        if (response.status !== 200) throw new Error(`seeding event ${index}: ${response.status} ${response.text}`);
        ids[index] = response.body.data.event.event_id as string;
      }),
    );
  }
  return ids;
}

/**
 * DynamoDB Local and s3rver as test/support/global-setup.ts starts them, the
 * environment it sets, the in-process local API of test/support/local-api.ts,
 * two callers and `seedCount` events. `onEnvironment` runs once the environment
 * is set and before any handler runs (to attach middleware to the shared client).
 */
export async function startBenchStack(seedCount: number, onEnvironment: () => void): Promise<BenchStack> {
  const services: BackingServices = await startBackingServices(benchResourceNames);
  let api: LocalApi | undefined;
  const stop = async () => {
    await api?.close();
    await services.stop();
  };
  try {
    applyEnvironment(
      localEnvironment({
        ...benchResourceNames,
        dynamodbEndpoint: services.dynamodb.endpoint,
        s3Endpoint: services.s3.endpoint,
        tokenSigningKey: randomSigningKey(),
      }),
    );
    onEnvironment();
    // The usage meter aggregator, deployed a function of its own, runs here only when the stack stops: none of its
    // commands lands among a measured call's.
    api = await startLocalApi({ logDeliveryIntervalMs: 0 });
    const reader = await benchCaller(benchOrgcode('BR'), ['acct_view']);
    const writer = await benchCaller(benchOrgcode('BW'), ['acct_export_admin']);
    const seeder = await benchCaller(reader.orgcode, ['acct_export_admin']);
    const seededEventIds = await seed(seeder, seedCount);
    return { api, reader, writer, seededEventIds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
