import type { DeliveryOutcome, LocalEventConsumers } from '../../shared/local/event-consumers';

type Status = DeliveryOutcome['status'];

/**
 * The one outcome of a delivery (what `deliverEvent` resolves to) at the
 * consumers named in `at` (default: every consumer it reached; order.placed
 * reaches both the invoice and the commission consumer), which must have ended
 * as `status`; anything else fails the test, showing what happened instead.
 */
async function onlyOutcome<S extends Status>(delivery: Promise<DeliveryOutcome[]>, status: S, at?: readonly string[]) {
  const outcomes = (await delivery).filter((outcome) => !at || at.includes(outcome.consumer));
  expect(outcomes).toHaveLength(1);
  const [outcome] = outcomes;
  if (outcome?.status !== status) throw new Error(`expected the delivery to be ${status}, got ${JSON.stringify(outcome, null, 2)}`);
  return outcome as Extract<DeliveryOutcome, { status: S }>;
}

/** The consumer's result of a delivery that succeeded. */
// `any`, as HttpResult's body is, so a test can assert on the result's fields without a cast.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function succeededWith(delivery: Promise<DeliveryOutcome[]>, at?: readonly string[]): Promise<any> {
  return (await onlyOutcome(delivery, 'succeeded', at)).result;
}

/** The reason of a delivery that failed every attempt and is kept in the dead-letter queue. */
export async function deadLetterReason(
  delivery: Promise<DeliveryOutcome[]>,
  consumers: LocalEventConsumers,
  at?: readonly string[],
): Promise<string> {
  const { deadLetter } = await onlyOutcome(delivery, 'dead-lettered', at);
  expect(consumers.deadLetters()).toContainEqual(deadLetter);
  return deadLetter.error.errorMessage;
}
