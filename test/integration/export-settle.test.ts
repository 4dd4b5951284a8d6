import { setTimeout as sleep } from 'node:timers/promises';
import { dynamo } from '../../shared/db/client';
import { readObject } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportRequest } from '../support/fixtures/exports';
import { useOrg, useStack } from '../support/harness';

/**
 * An event's `recorded_at` is stamped when its call arrives; on AWS its
 * transaction may commit seconds later, after an export created meanwhile
 * took its cutoff. Here the event writes are held back by a middleware on the
 * document client (a delay DynamoDB Local never has, mocked) while the export
 * is created: the worker must wait EXPORT_SETTLE_MS past the cutoff, set here
 * above the injected delays, before it reads the window.
 */
useStack({ environment: { EXPORT_SETTLE_MS: '2500' } });
const org = useOrg('STL', { admin: { roles: ['acct_export_admin', 'acct_view'] } });

const injected: string[] = [];
afterEach(() => injected.splice(0).forEach((name) => dynamo().middlewareStack.remove(name)));

/** An event alone is one PutItem; with its lineage links, one transaction. */
const eventWrites = new Set(['PutItemCommand', 'TransactWriteItemsCommand']);

/** Holds each transaction that writes one of `delays`' event ids for its delay; resolves once all have started. */
function delayEventWrites(delays: Record<string, number>): Promise<void> {
  const name = `delayed-event-writes-${injected.length}`;
  let started = 0;
  let allStarted: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (allStarted = resolve));
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const eventId = Object.keys(delays).find((id) => JSON.stringify(args.input).includes(`#EVENT#${id}"`));
      if (!eventWrites.has(context.commandName ?? '') || !eventId) return next(args);
      started += 1;
      if (started === Object.keys(delays).length) allStarted();
      await sleep(delays[eventId] ?? 0);
      return next(args);
    },
    { step: 'initialize', name },
  );
  injected.push(name);
  return ready;
}

const record = (eventId: string) =>
  org.post('admin', '/event/record', eventRequest(org.orgcode, { event_id: eventId, source_refs: [] }));

describe('an export with events in flight across its cutoff (event writes delayed, mocked)', () => {
  it('holds every event recorded before its cutoff whose write committed after the export was created', async () => {
    await record('evt_settled');
    const delays = { evt_flight_a: 300, evt_flight_b: 800, evt_flight_c: 1500 };
    const writesStarted = delayEventWrites(delays);
    const recordings = Object.keys(delays).map(record);
    await writesStarted;

    const { exportRecord, batches } = await createBuiltExport(exportRequest(org.orgcode), org.headers.admin);
    const recorded = await Promise.all(recordings);

    for (const answer of recorded) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.event.recorded_at < exportRecord.recorded_before).toBe(true);
    }
    expect(exportRecord).toMatchObject({ status: 'ready', evidence: { record_count: 4 } });
    const lines = (await readObject(batches[0].evidence.file_refs[0])).toString('utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => JSON.parse(line).event_id).sort()).toEqual(['evt_flight_a', 'evt_flight_b', 'evt_flight_c', 'evt_settled']);
  });
});
