import type { DeliveryOutcome, LocalEventConsumers } from '../../shared/local/event-consumers';

type Status = DeliveryOutcome['status'];

/**
 * The one outcome of a delivery (what `deliverEvent` resolves to) that
 * reaches a single consumer, which must have ended as `status`; anything else
 * fails the test, showing what happened instead.
 */
async function onlyOutcome<S extends Status>(delivery: Promise<DeliveryOutcome[]>, status: S) {
  const outcomes = await delivery;
  expect(outcomes).toHaveLength(1);
  const [outcome] = outcomes;
  if (outcome?.status !== status) throw new Error(`expected the delivery to be ${status}, got ${JSON.stringify(outcome, null, 2)}`);
  return outcome as Extract<DeliveryOutcome, { status: S }>;
}

/** The consumer's result of a delivery that succeeded. */
// `any`, as HttpResult's body is, so a test can assert on the result's fields without a cast.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function succeededWith(delivery: Promise<DeliveryOutcome[]>): Promise<any> {
  return (await onlyOutcome(delivery, 'succeeded')).result;
}

/** The reason of a delivery that failed every attempt and is kept in the dead-letter queue. */
export async function deadLetterReason(delivery: Promise<DeliveryOutcome[]>, consumers: LocalEventConsumers): Promise<string> {
  const { deadLetter } = await onlyOutcome(delivery, 'dead-lettered');
  expect(consumers.deadLetters()).toContainEqual(deadLetter);
  return deadLetter.error.errorMessage;
}

/** A delivery's outcomes at the named consumers only: order.placed reaches both the invoice and the commission consumer. */
export async function outcomesAt(delivery: Promise<DeliveryOutcome[]>, consumers: readonly string[]): Promise<DeliveryOutcome[]> {
  return (await delivery).filter((outcome) => consumers.includes(outcome.consumer));
}
