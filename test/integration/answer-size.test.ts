import { responseBytes } from '../../shared/db/query-page';
import { raiseDelayMs, raiseShards } from '../../shared/db/shard-layout';
import { configureShardWatch } from '../../shared/db/shard-watch';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { pause } from '../../shared/pause';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportRequest } from '../support/fixtures/exports';
import { useOrg, useStack } from '../support/harness';
import { asClient, serverErrors } from '../support/local-api';

/**
 * Every answer stays within Lambda's 6 MB response (issue 29, section 3): a
 * page ends early when its next item would take it over a byte budget, and
 * next_token goes on from there. Under the AWS-like mode, whose local runner
 * fails an invocation whose response is over 6 MB as Lambda does (the HTTP API
 * then answers 500 without the envelope).
 */
// One event a batch: an export of a few dozen events has as many batches, each naming its file in the export's evidence.
useStack({ awsLike: {}, environment: { EXPORT_BATCH_SIZE: '1' } });
const org = useOrg('SIZE', { clerk: { roles: ['acct_view', 'acct_export_admin'] } });
/**
 * Each of the largest events puts about 470 write units on each of the
 * ledger's list partitions (a 236 KB copy, twice in a transaction): recorded
 * back to back they may pass the rate at which the shard watch raises a layout
 * of 4 shards (800 units a second), and it would raise the organisation
 * mid-test. The test is of answer sizes on the layout it sets, so the watch is
 * kept out.
 */
beforeAll(() => configureShardWatch({ partitionWriteUnitsPerSecond: Number.MAX_SAFE_INTEGER }));
afterAll(() => configureShardWatch());

/** 40 events recorded a call at a time, up to 256 KB each, and read back: 30-90 s in all on this machine under the mode. */
const fortyWritesTimeoutMs = 150_000;

/**
 * An event as large as `/event/record` takes, its body just within 256 KB: its
 * policy_refs hold as many 256-character values of `filler` as fit. Of
 * letters, about 236 KB stored; of quotes, which a JSON body escapes, about
 * 120 KB stored that weigh four times as much in a Lambda response (the body
 * string escapes them again).
 */
function largestEvent(orgcode: string, index: number, filler: 'x' | '"') {
  const value = `${index}`.padEnd(256, filler);
  const refs = Math.floor(250_000 / (JSON.stringify(value).length + 12));
  const policyRefs = Object.fromEntries(Array.from({ length: refs }, (_, ref) => [`ref_${ref}`, value]));
  return eventRequest(orgcode, { occurred_at: new Date(Date.parse('2026-11-20T10:00:00Z') + index * 1000).toISOString(), policy_refs: policyRefs });
}

describe('answers within Lambda’s response limit', () => {
  it.each([
    ['letters', 4, 'x'],
    ['quotes', 1, '"'],
  ] as const)('pages /event/list at limit 256 over the largest events, of %s, on %i shard(s), in answers under 6 MB, every event once', async (_kind, shards, filler) => {
    if (shards > 1) {
      // Dated back to take effect at once; the service reads the layout eventually consistently, so the mode's replica lag is waited out.
      await raiseShards(org.orgcode, shards, new Date(Date.now() - raiseDelayMs));
      await pause(defaultAwsLikeOptions.indexLagMs + 100);
    }
    const recorded: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      const answer = await asClient(() => org.post('clerk', '/event/record', largestEvent(org.orgcode, index, filler)));
      expect(answer.status).toBe(200);
      recorded.push(answer.body.data.event.event_id);
    }
    // No wait: every event answered 200 is in the next list, read consistently from the table (docs/decisions.md: Acknowledged writes are listed).

    const answers = [];
    let nextToken: string | undefined;
    do {
      const answer = await asClient(() => org.post('clerk', '/event/list', { limit: 256, ...(nextToken && { next_token: nextToken }) }));
      answers.push(answer);
      nextToken = answer.body?.data?.next_token ?? undefined;
    } while (nextToken && answers.length < 40);

    expect(serverErrors(answers)).toEqual([]);
    const sizes = answers.map((answer) => Buffer.byteLength(answer.text));
    console.log(`/event/list pages of ${answers.map((answer) => answer.body.data.events.length).join(', ')} events, ${sizes.join(', ')} bytes`);
    expect(answers.flatMap((answer) => answer.body.data.events.map((event: { event_id: string }) => event.event_id)).sort()).toEqual(recorded.sort());
  }, fortyWritesTimeoutMs);

  it('lists an export of 40 batches as a summary whose size does not grow with its batches (no file_refs), and /export/get answers every file', async () => {
    for (let index = 0; index < 40; index += 1) {
      const answer = await asClient(() => org.post('clerk', '/event/record', eventRequest(org.orgcode, { occurred_at: `2026-11-20T10:00:${String(index).padStart(2, '0')}Z` })));
      expect(answer.status).toBe(200);
    }
    const { exportRecord } = await createBuiltExport(exportRequest(org.orgcode), org.headers.clerk);
    expect([exportRecord.status, exportRecord.batch_count, exportRecord.evidence.file_refs.length]).toEqual(['ready', 40, 40]);

    const listed = await asClient(() => org.post('clerk', '/export/list', { status: 'ready', limit: 256 }));

    const [summary] = listed.body.data.exports;
    const { file_refs: _files, ...evidence } = exportRecord.evidence;
    expect(summary).toEqual({ ...exportRecord, evidence });
    // The whole record minus 40 file references (about 170 bytes each): a page of 256 such summaries is well under 1 MB.
    expect(responseBytes(summary)).toBeLessThan(4_000);
  }, fortyWritesTimeoutMs);
});
