import { randomBytes } from 'node:crypto';
import { readDayMeters } from '../../shared/db/usage/usage-meter-repository';
import { destinationPayloadLimitBytes } from '../../shared/domain/invocation-record';
import { writeLogLine } from '../../shared/observability/log-line';
import { redriveDeadLetter, showDeadLetter } from '../../shared/operators/dead-letter-redrive';
import { usageMeterAggregatorFunction } from '../../shared/routes/consumer-registry';
import { failFirstSends, removeInjectedFaults } from '../support/client-faults';
import { everyDeadLetter, useDeadLetterQueue } from '../support/dead-letter-queue';
import { createOrg, useStack } from '../support/harness';
import { flushMeters, invokeOperator } from '../support/local-api';
import { meteredRequestLine } from '../support/fixtures/request-lines';

/**
 * A failed log batch too large for Lambda's failure record (docs/decisions.md:
 * Usage meters). Lambda drops the payload from an on-failure record when request
 * and response together pass 256 KiB (Lambda API reference, OnFailure/OnSuccess
 * Destination: "Lambda will drop the payload when sending OnFailure event to the
 * destination"); the local stack does the same (shared/domain/invocation-record.ts).
 */

const stack = useStack();
const deadLetterQueue = useDeadLetterQueue(stack);

/** Enough request lines, each with a random request id gzip cannot shrink, to pass the limit once gzipped and base64-encoded. */
const lines = 5_000;

/** Writes `count` metered request lines of `orgcode`, as the route functions do: the local log subscription collects them. */
function writeRequestLines(orgcode: string, day: string, count: number): void {
  for (let index = 0; index < count; index += 1) {
    writeLogLine(meteredRequestLine(orgcode, day, { request_id: randomBytes(48).toString('hex') }));
  }
}

async function apiCallsOf(orgcode: string, day: string): Promise<number> {
  const meters = await readDayMeters(orgcode, day);
  return meters.filter((meter) => meter.surface === '/event/get').reduce((sum, meter) => sum + meter.totals.api_calls, 0);
}

describe('an aggregator batch larger than its failure destination carries', () => {
  it('reaches the dead-letter queue within the limit when its meter writes fail (injected, mocked client), is shown, and counts once when redriven', async () => {
    const { orgcode } = await createOrg('MTO', {});
    const day = new Date().toISOString().slice(0, 10);
    const queuedBefore = stack.api.deadLetterQueue.messages().length;
    const meterWrites = failFirstSends('TransactWriteItemsCommand', orgcode, Number.MAX_SAFE_INTEGER, () => new Error('meter table unavailable (injected)'));

    writeRequestLines(orgcode, day, lines);
    await flushMeters();
    removeInjectedFaults();

    expect(meterWrites.sent).toBeGreaterThan(0);
    expect(await apiCallsOf(orgcode, day)).toBe(0);
    const queued = stack.api.deadLetterQueue.messages().slice(queuedBefore);
    expect(queued).toHaveLength(1);
    expect(Buffer.byteLength(queued[0]!.body)).toBeLessThanOrEqual(destinationPayloadLimitBytes);

    const listed = (await everyDeadLetter(deadLetterQueue.queue)).find((deadLetter) => deadLetter.id === queued[0]!.messageId)!;
    expect(listed).toMatchObject({ consumer: usageMeterAggregatorFunction.name, error_message: 'meter table unavailable (injected)' });
    const shown = await showDeadLetter(deadLetterQueue.queue, listed.id);
    // The pointer to the batch as the subscription delivered it, which is larger than the record could carry.
    expect(shown.event).toEqual({
      stored_log_batch: { key: expect.stringMatching(/^system\/failed-log-batches\//), bytes: expect.any(Number), log_events: lines },
    });
    expect((shown.event as { stored_log_batch: { bytes: number } }).stored_log_batch.bytes).toBeGreaterThan(destinationPayloadLimitBytes);

    expect(await redriveDeadLetter(deadLetterQueue.queue, listed.id)).toMatchObject({ outcome: 'redriven', result: { metered_lines: lines } });
    expect(await apiCallsOf(orgcode, day)).toBe(lines);
    expect(await everyDeadLetter(deadLetterQueue.queue)).not.toContainEqual(expect.objectContaining({ id: listed.id }));
    // The same batch once more (a second copy of the pointer, a repeated redrive): its chunks are counted already.
    expect(await invokeOperator(usageMeterAggregatorFunction.name, shown.event)).toMatchObject({ chunks_applied: 0, metered_lines: lines });
    expect(await apiCallsOf(orgcode, day)).toBe(lines);
  });
});

