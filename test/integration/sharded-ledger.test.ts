import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { dynamo, tableName } from '../../shared/db/client';
import { writeLineageLinks } from '../../shared/db/commissions/commission-payout-repository';
import { eventsForExport } from '../../shared/db/events/event-repository';
import * as keys from '../../shared/db/keys';
import { maxShards, raiseDelayMs, raiseShards, shardOf } from '../../shared/db/shard-layout';
import { type AccountingEvent, lineageItem } from '../../shared/domain/events/accounting-event';
import type { RecordSelection } from '../../shared/domain/exports/export-record';
import { awsLikeFromVariable } from '../../shared/local/aws-like';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { pause } from '../../shared/pause';
import { readObject } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportRequest } from '../support/fixtures/exports';
import { type TestOrg, createOrg, useStack } from '../support/harness';

/**
 * An organisation's ledger spread over shards reads back as one partition
 * would (issue 23, section 2, "Done when"): the same random events are
 * recorded for two organisations, one never raised (the reference: one
 * partition, today's single Query) and one raised midway (the events before
 * the raise on shard 0, those after spread over the shards). Every read of the
 * ledger answers both alike: `/event/list` pages (random limit, filters and
 * window, some pages read before the raise and the rest after it, so a token
 * issued before the raise continues), `/lineage/list` pages of a ref every card
 * tender names, the `/reconcile/report` totals, and an export's stream of events.
 *
 * A raise takes effect for writes `raiseDelayMs` after it is written (every
 * process's cached layout has expired by then); the test raises as of
 * `raiseDelayMs` ago instead of waiting, which a process that loads the layout
 * afterwards sees as in effect.
 */
// Batches of four events, so an export of a few events has several batches, each a slice of every shard.
useStack({ environment: { EXPORT_BATCH_SIZE: '4' } });

type Clerk = TestOrg<'clerk'>;
const credentials = { clerk: { roles: ['acct_export_admin' as const, 'acct_view' as const] } };

const hour = Date.parse('2026-11-20T10:00:00Z');
const at = (second: number) => new Date(hour + second * 1000).toISOString();
const types = ['order.placed', 'tender.captured', 'invoice.issued'] as const;

const ledgerEvent = fc.record({
  // Seconds may repeat: events at one instant are ordered by id.
  second: fc.nat({ max: 600 }),
  type: fc.constantFrom(...types),
  channel: fc.constantFrom('web', 'pos'),
  method: fc.constantFrom('card', 'cash'),
});
const listing = fc.record({
  limit: fc.integer({ min: 1, max: 7 }),
  filter: fc.constantFrom('all', 'one type', 'two types', 'one channel'),
  window: fc.option(fc.tuple(fc.nat({ max: 600 }), fc.nat({ max: 600 }))),
  pagesBeforeRaise: fc.nat({ max: 2 }),
});
const scenario = fc.record({
  // Recorded before the raise, then after it.
  before: fc.array(ledgerEvent, { maxLength: 15 }),
  after: fc.array(ledgerEvent, { minLength: 1, maxLength: 15 }),
  shards: fc.integer({ min: 2, max: 8 }),
  listing,
  // An export batch's slice: its first and last events, by index.
  slice: fc.tuple(fc.nat({ max: 29 }), fc.nat({ max: 29 })),
});
type Listing = typeof listing extends fc.Arbitrary<infer T> ? T : never;
type LedgerEvent = typeof ledgerEvent extends fc.Arbitrary<infer T> ? T : never;

async function record(org: Clerk, events: readonly LedgerEvent[], from: number, to: number): Promise<void> {
  for (let index = from; index < to; index += 1) {
    const event = events[index]!;
    const answer = await org.post(
      'clerk',
      '/event/record',
      eventRequest(org.orgcode, {
        event_id: `evt_${String(index).padStart(2, '0')}`,
        event_type: event.type,
        occurred_at: at(event.second),
        channel_code: event.channel,
        source_refs: [{ kind: 'tender_method', id: event.method }],
        request_context: org.requestContext(),
      }),
    );
    expect(answer.status).toBe(200);
  }
}

function listBody({ filter, window, limit }: Listing): Record<string, unknown> {
  const [from, to] = window ? [Math.min(...window), Math.max(...window)] : [];
  return {
    limit,
    ...(filter === 'one type' && { event_types: ['tender.captured'] }),
    ...(filter === 'two types' && { event_types: ['order.placed', 'invoice.issued'] }),
    ...(filter === 'one channel' && { channel_code: 'pos' }),
    // A window ends after it starts.
    ...(from !== undefined && { from_utc: at(from), to_utc: at(to! + 1) }),
  };
}

/** A listing paged a few pages at a time: each page's items by `id`, and the token to go on from. */
class Pager {
  readonly pages: string[][] = [];
  private token: string | undefined;
  private ended = false;

  constructor(
    private readonly org: Clerk,
    private readonly path: string,
    private readonly body: Record<string, unknown>,
    private readonly itemsOf: (data: Record<string, any>) => string[],
  ) {}

  async read(pages = Infinity): Promise<void> {
    for (let read = 0; read < pages && !this.ended; read += 1) {
      const answer = await this.org.post('clerk', this.path, { ...this.body, ...(this.token && { next_token: this.token }) });
      expect(answer.status).toBe(200);
      this.pages.push(this.itemsOf(answer.body.data));
      this.token = answer.body.data.next_token ?? undefined;
      this.ended = this.token === undefined;
    }
  }

  /** The pages that held items (a listing of one partition may end on an empty page that a merged one does not read). */
  get filled(): string[][] {
    return this.pages.filter((page) => page.length > 0);
  }
}

const eventIds = (data: Record<string, any>) => data.events.map((event: { event_id: string }) => event.event_id);
const linkIds = (data: Record<string, any>) => data.lineage.map((link: { event_id: string }) => link.event_id);

async function reconcileTotals(org: Clerk): Promise<unknown> {
  let token: string | undefined;
  let report: unknown;
  do {
    const answer = await org.post('clerk', '/reconcile/report', { from_utc: at(0), to_utc: at(601), limit: 4, ...(token && { next_token: token }) });
    expect(answer.status).toBe(200);
    report = answer.body.data.report;
    token = answer.body.data.next_token ?? undefined;
  } while (token);
  return report;
}

async function exported(orgcode: string, selection: RecordSelection): Promise<string[]> {
  const events: string[] = [];
  for await (const { event, sortKey } of eventsForExport(orgcode, selection)) events.push(`${event.event_id} ${sortKey}`);
  return events;
}

/** How many of the org's events its ledger by time holds on shards other than 0. */
async function eventsOffShardZero(orgcode: string, shards: number): Promise<number> {
  let count = 0;
  for (let shard = 1; shard < shards; shard += 1) {
    const { Count } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `${keys.eventsByTime(orgcode)}#SHARD#${shard}` },
        Select: 'COUNT',
        ConsistentRead: true,
      }),
    );
    count += Count ?? 0;
  }
  return count;
}

const awsLike = awsLikeFromVariable();

/**
 * Raises the organisation's layout as of `raiseDelayMs` ago, so writes use it
 * at once, and waits out the AWS-like mode's replica lag: the service reads a
 * layout eventually consistently, and on AWS the raise's delay covers that
 * lag, which a raise dated back skips.
 */
async function raiseAtOnce(orgcode: string, shards: number): Promise<void> {
  await raiseShards(orgcode, shards, new Date(Date.now() - raiseDelayMs));
  if (awsLike) await pause((awsLike.indexLagMs ?? defaultAwsLikeOptions.indexLagMs) + 100);
}

/**
 * Runs of the property: under the AWS-like mode a run takes about 15 s (each
 * of its up to 30 /event/record calls is slower there), so fewer runs are what
 * the suite can afford; of those, most must spread events over shards.
 */
const underAwsLikeMode = awsLike !== undefined;
const propertyRuns = underAwsLikeMode ? 8 : 20;
const spreadRunsAtLeast = underAwsLikeMode ? 3 : 16;

describe('the ledger of an organisation raised to several shards', () => {
  it('reads the same events in the same order and pages as the one partition of an organisation never raised, across the raise', async () => {
    let spreadRuns = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ before, after, shards, listing: chosen, slice }) => {
        const [reference, raised] = await Promise.all([createOrg('SHR', credentials), createOrg('SHS', credentials)]);
        const [events, split] = [[...before, ...after], before.length];
        const body = listBody(chosen);
        const listings = [reference, raised].map((org) => new Pager(org, '/event/list', body, eventIds));

        await Promise.all([reference, raised].map((org) => record(org, events, 0, split)));
        await Promise.all(listings.map((pager) => pager.read(chosen.pagesBeforeRaise)));
        await raiseAtOnce(raised.orgcode, shards);
        await Promise.all([reference, raised].map((org) => record(org, events, split, events.length)));
        await Promise.all(listings.map((pager) => pager.read()));
        if ((await eventsOffShardZero(raised.orgcode, shards)) > 0) spreadRuns += 1;

        const [one, spread] = listings as [Pager, Pager];
        expect(spread.filled.flat()).toEqual(one.filled.flat());
        // A filter on attributes other than keys may end a page early (a single Query reads a bounded number of items per page), where a merge ends it elsewhere.
        if (chosen.filter === 'all' || chosen.filter === 'one type') expect(spread.filled).toEqual(one.filled);
        else for (const page of spread.pages) expect(page.length).toBeLessThanOrEqual(chosen.limit);

        const lineage = [reference, raised].map((org) => new Pager(org, '/lineage/list', { source_ref: { kind: 'tender_method', id: 'card' }, limit: chosen.limit }, linkIds));
        await Promise.all(lineage.map((pager) => pager.read()));
        expect(lineage[1]!.filled).toEqual(lineage[0]!.filled);

        expect(await reconcileTotals(raised)).toEqual(await reconcileTotals(reference));

        const day = { export_kind: 'financial_events', format: 'jsonl', from_utc: at(0), to_utc: at(601), recorded_before: new Date(Date.now() + 60_000).toISOString() } as RecordSelection;
        const whole = await exported(reference.orgcode, day);
        expect(await exported(raised.orgcode, day)).toEqual(whole);
        const [first, last] = [Math.min(...slice) % whole.length, Math.max(...slice) % whole.length].map((index) => whole[index]!.split(' ')[1]!).sort();
        const batch = { ...day, event_types: ['order.placed', 'tender.captured'], first_key: first, last_key: last };
        expect(await exported(raised.orgcode, batch)).toEqual(await exported(reference.orgcode, batch));
      }),
      { numRuns: propertyRuns },
    );
    // The runs spread events over shards, or the property says nothing about them.
    expect(spreadRuns).toBeGreaterThanOrEqual(spreadRunsAtLeast);
  }, underAwsLikeMode ? 480_000 : 300_000);

  it('writes a link made after its event (a payout linking its lines) on the shard the event was stored on, whatever the layout is by then', async () => {
    const org = await createOrg('SHL', credentials);
    // An id the raised layout would put elsewhere than the shard 0 it is recorded on.
    const eventId = Array.from({ length: 50 }, (_id, n) => `evt_link_${n}`).find((id) => shardOf(id, { readShards: 8, writeShards: 8 }) !== 0)!;
    const recorded = await org.post('clerk', '/event/record', eventRequest(org.orgcode, { event_id: eventId, source_refs: [], request_context: org.requestContext() }));
    expect(recorded.status).toBe(200);
    const event = recorded.body.data.event as AccountingEvent;
    await raiseAtOnce(org.orgcode, 8);

    const link = { ref: { kind: 'commission_line', id: 'line_1' }, item: lineageItem(event, { kind: 'payout', id: 'pay_1' }) };
    // Written twice, as a payout's desk work may be done again: one item, read consistently by the list.
    await writeLineageLinks([link], org.orgcode);
    await writeLineageLinks([link], org.orgcode);

    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: keys.lineagePartition(org.orgcode, 'commission_line', 'line_1'), sk: keys.timeOrderedKey(event.occurred_at, eventId) },
        ConsistentRead: true,
      }),
    );
    expect(Item).toMatchObject({ event_id: eventId, source_ref: link.ref });
    const listed = await org.listAll('clerk', '/lineage/list', { source_ref: link.ref, limit: 10 }, 'lineage');
    expect(listed.map((entry: { event_id: string }) => entry.event_id)).toEqual([eventId]);
  });

  it('exports the same records in the same batches as an organisation never raised', async () => {
    const [reference, raised] = await Promise.all([createOrg('SXR', credentials), createOrg('SXS', credentials)]);
    const events = fc.sample(ledgerEvent, { numRuns: 24, seed: 23 });
    await Promise.all([reference, raised].map((org) => record(org, events, 0, 8)));
    await raiseAtOnce(raised.orgcode, 16);
    await Promise.all([reference, raised].map((org) => record(org, events, 8, events.length)));
    expect(await eventsOffShardZero(raised.orgcode, 16)).toBeGreaterThan(0);

    const exportOf = async (org: Clerk) => {
      const request = exportRequest(org.orgcode, { from_utc: at(0), to_utc: at(601), request_context: org.requestContext() });
      const { exportRecord, batches } = await createBuiltExport(request, org.headers.clerk);
      const files = await Promise.all(batches.map(async (batch) => Buffer.concat(await Promise.all(batch.evidence.file_refs.map(readObject))).toString('utf8')));
      // What differs between the two organisations: their codes, their credentials and when each recorded its events.
      const records = files.map((text) =>
        text
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const { recorded_at: _recorded, orgcode: _orgcode, request_context: _context, ...event } = JSON.parse(line);
            return event;
          }),
      );
      return {
        records,
        // Each batch's records are its slice: the same events in each (a slice read back, as a repair does, is held alike by the property above).
        batches: batches.map((batch) => ({ sequence: batch.sequence, records: batch.evidence.record_count })),
        evidence: { record_count: exportRecord.evidence.record_count, file_count: exportRecord.evidence.file_count, batch_count: exportRecord.batch_count },
      };
    };
    const [one, spread] = await Promise.all([exportOf(reference), exportOf(raised)]);
    expect(one.evidence).toMatchObject({ record_count: 24, batch_count: 6 });
    expect(spread).toEqual(one);
  });

  it("keeps a page token of the most shards a layout has within next_token's 8,192 characters, however long the events' ids", async () => {
    const org = await createOrg('SHT', credentials);
    await raiseAtOnce(org.orgcode, maxShards);
    // Ids whose key part is as long as keys keep readable (200 characters encoded: longer ones are hashed shorter),
    // five or so on each shard, so that a page leaves most shards part-read.
    const ids = Array.from({ length: 5 * maxShards }, (_id, n) => `${'é'.repeat(32)}${'x'.repeat(5)}${String(n).padStart(3, '0')}`);
    for (let start = 0; start < ids.length; start += 8) {
      const answers = await Promise.all(
        ids.slice(start, start + 8).map((id, n) =>
          org.post('clerk', '/event/record', eventRequest(org.orgcode, { event_id: id, occurred_at: at(start + n), source_refs: [], request_context: org.requestContext() })),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
    expect(await eventsOffShardZero(org.orgcode, maxShards)).toBeGreaterThan(0);

    const pages = await org.listPages('clerk', '/event/list', { limit: 32 });
    expect(pages.flatMap((page) => page.events.map((event: { event_id: string }) => event.event_id))).toEqual(ids);
    // A sort key per shard (about 225 characters each) would be a token of about 19,000 characters by the third page.
    expect(Math.max(...pages.map((page) => String(page.next_token ?? '').length))).toBeLessThan(8192);
  }, 240_000);
});
