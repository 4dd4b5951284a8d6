import type { ConsumerFunctionDefinition } from '../../shared/routes/consumer-registry';
import { localEventBus, type LocalEventBus } from '../../shared/local/event-bus-api';
import {
  type DeliveryOutcome,
  type LocalEventConsumers,
  startEventConsumers,
} from '../../shared/local/event-consumers';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { useOrg, useStack } from '../support/harness';

/** A consumer definition as the registry holds one. */
function consumer(name: string, source: string, detailType: string): ConsumerFunctionDefinition {
  return {
    name,
    description: `Test consumer ${name}`,
    pattern: { source: [source], 'detail-type': [detailType] },
    stores: { table: 'write' },
    timeoutSeconds: 30,
    memoryMb: 512,
  };
}

const orderPlaced = consumer('order-placed', 'retail.orders', 'order.placed');
const tenderCaptured = consumer('tender-captured', 'retail.payments', 'tender.captured');

/** A handler that throws on its first `failures` calls, then returns; it records what it was given. */
function failingTimes(failures: number) {
  const calls: Array<{ event: any; context: any; at: number }> = [];
  const handler: LambdaHandler = async (event, context) => {
    calls.push({ event, context, at: Date.now() });
    if (calls.length <= failures) throw new TypeError(`attempt ${calls.length} failed`);
    return { handled: calls.length };
  };
  return { calls, handler };
}

let bus: LocalEventBus;
let running: LocalEventConsumers | undefined;

function start(handlers: Record<string, LambdaHandler>, definitions = [orderPlaced, tenderCaptured]) {
  running = startEventConsumers({
    bus,
    consumers: definitions,
    loadHandler: async (name) => {
      const handler = handlers[name];
      if (!handler) throw new Error(`Cannot find module functions/consumers/${name}.ts`);
      return handler;
    },
    retryDelaysMs: [20, 40],
  });
  return running;
}

/** PutEvents on the local bus, as the SDK sends it; returns the accepted event ids. */
async function put(...entries: Array<{ source: string; detailType: string; detail?: object; bus?: string }>) {
  const response = await bus.api.handle({
    method: 'POST',
    path: '/',
    query: new URLSearchParams(),
    headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
    body: Buffer.from(
      JSON.stringify({
        Entries: entries.map((entry) => ({
          Source: entry.source,
          DetailType: entry.detailType,
          Detail: JSON.stringify(entry.detail ?? { orgcode: 'ACME' }),
          EventBusName: entry.bus,
        })),
      }),
    ),
  });
  const body = JSON.parse(response.body!) as { Entries: Array<{ EventId: string }> };
  return body.Entries.map((entry) => entry.EventId);
}

/** The next `count` finished deliveries. */
function outcomes(consumers: LocalEventConsumers, count: number): Promise<DeliveryOutcome[]> {
  const finished: DeliveryOutcome[] = [];
  return new Promise((resolve) => {
    const stop = consumers.onDelivery((outcome) => {
      finished.push(outcome);
      if (finished.length === count) {
        stop();
        resolve(finished);
      }
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeEach(() => {
  bus = localEventBus();
});
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('local event consumers', () => {
  it('delivers an event to the consumer whose pattern matches it, in the shape a rule delivers', async () => {
    const placed = failingTimes(0);
    const captured = failingTimes(0);
    const consumers = start({ 'order-placed': placed.handler, 'tender-captured': captured.handler });
    const delivered = outcomes(consumers, 1);

    const [eventId] = await put({
      source: 'retail.orders',
      detailType: 'order.placed',
      detail: { orgcode: 'ACME', order_id: 'o1' },
    });

    expect(await delivered).toEqual([
      expect.objectContaining({ status: 'succeeded', consumer: 'order-placed', attempts: 1, result: { handled: 1 } }),
    ]);
    expect(placed.calls).toHaveLength(1);
    expect(placed.calls[0]!.event).toEqual({
      version: '0',
      id: eventId,
      'detail-type': 'order.placed',
      source: 'retail.orders',
      account: expect.any(String),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      region: expect.any(String),
      resources: [],
      detail: { orgcode: 'ACME', order_id: 'o1' },
    });
    expect(placed.calls[0]!.context).toMatchObject({ functionName: 'order-placed', awsRequestId: expect.any(String) });
    expect(placed.calls[0]!.context.getRemainingTimeInMillis()).toBeGreaterThan(29_000);
    expect(captured.calls).toEqual([]);
  });

  it('delivers nothing for another source, another detail-type, or another bus', async () => {
    const placed = failingTimes(0);
    const consumers = start({ 'order-placed': placed.handler });

    await put(
      { source: 'retail.payments', detailType: 'order.placed' },
      { source: 'retail.orders', detailType: 'order.cancelled' },
      { source: 'retail.orders', detailType: 'order.placed', bus: 'platform-events' },
    );
    await settle();

    expect(placed.calls).toEqual([]);
    expect(consumers.deadLetters()).toEqual([]);
    expect(consumers.consumersOf({ source: 'retail.orders', 'detail-type': 'order.placed' })).toEqual(['order-placed']);
    expect(consumers.consumersOf({ source: 'retail.orders', 'detail-type': 'order.cancelled' })).toEqual([]);
  });

  it('delivers an event once to every consumer it matches', async () => {
    const first = failingTimes(0);
    const second = failingTimes(0);
    const consumers = start({ first: first.handler, second: second.handler }, [
      consumer('first', 'retail.orders', 'order.placed'),
      consumer('second', 'retail.orders', 'order.placed'),
    ]);
    const delivered = outcomes(consumers, 2);

    const [eventId] = await put({ source: 'retail.orders', detailType: 'order.placed' });
    await delivered;
    await settle();

    expect(first.calls.map(({ event }) => event.id)).toEqual([eventId]);
    expect(second.calls.map(({ event }) => event.id)).toEqual([eventId]);
  });

  it('retries a failed attempt after the configured waits and succeeds on the third', async () => {
    const placed = failingTimes(2);
    const consumers = start({ 'order-placed': placed.handler });
    const delivered = outcomes(consumers, 1);

    await put({ source: 'retail.orders', detailType: 'order.placed' });

    expect(await delivered).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 3 })]);
    const [firstAt, secondAt, thirdAt] = placed.calls.map(({ at }) => at);
    expect(secondAt! - firstAt!).toBeGreaterThanOrEqual(19);
    expect(thirdAt! - secondAt!).toBeGreaterThanOrEqual(39);
    expect(new Set(placed.calls.map(({ event }) => event.id)).size).toBe(1);
    expect(consumers.deadLetters()).toEqual([]);
  });

  it("hands each dead letter's invocation record to the notifier, with retries, before keeping it, even when the notifier fails", async () => {
    const placed = failingTimes(3);
    const notifier = failingTimes(3);
    running = startEventConsumers({
      bus,
      consumers: [orderPlaced],
      loadHandler: async (name) => (name === 'notifier' ? notifier.handler : placed.handler),
      retryDelaysMs: [20, 40],
      deadLetterNotifier: { name: 'notifier', timeoutSeconds: 30 },
    });
    const delivered = outcomes(running, 1);

    const [eventId] = await put({ source: 'retail.orders', detailType: 'order.placed', detail: { orgcode: 'ACME' } });
    const [outcome] = await delivered;

    expect(outcome).toMatchObject({ status: 'dead-lettered', consumer: 'order-placed' });
    expect(notifier.calls).toHaveLength(3);
    expect(notifier.calls[0]!.event).toEqual({
      version: '1.0',
      timestamp: expect.any(String),
      requestContext: {
        requestId: expect.any(String),
        functionArn: expect.stringMatching(/:function:order-placed:\$LATEST$/),
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: expect.objectContaining({ id: eventId, detail: { orgcode: 'ACME' } }),
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'TypeError', errorMessage: 'attempt 3 failed' },
    });
    expect(running.deadLetters()).toHaveLength(1);
  });

  it('dead-letters an event that fails three times, once, with the last error', async () => {
    const placed = failingTimes(3);
    const consumers = start({ 'order-placed': placed.handler });
    const delivered = outcomes(consumers, 1);

    const [eventId] = await put({ source: 'retail.orders', detailType: 'order.placed', detail: { orgcode: 'ACME' } });
    const [outcome] = await delivered;
    await settle();

    const deadLetter = {
      function: 'order-placed',
      event: expect.objectContaining({ id: eventId, source: 'retail.orders', detail: { orgcode: 'ACME' } }),
      error: { errorType: 'TypeError', errorMessage: 'attempt 3 failed' },
      attempts: 3,
      failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };
    expect(placed.calls).toHaveLength(3);
    expect(consumers.deadLetters()).toEqual([deadLetter]);
    expect(consumers.deadLetters()[0]!.event).not.toHaveProperty('eventBusName');
    expect(outcome).toEqual({
      status: 'dead-lettered',
      consumer: 'order-placed',
      event: deadLetter.event,
      attempts: 3,
      deadLetter,
    });
  });

  it('dead-letters an event whose consumer cannot be loaded', async () => {
    const consumers = start({});
    const delivered = outcomes(consumers, 1);

    await put({ source: 'retail.payments', detailType: 'tender.captured' });
    await delivered;

    expect(consumers.deadLetters()).toEqual([
      expect.objectContaining({
        function: 'tender-captured',
        error: { errorType: 'Error', errorMessage: 'Cannot find module functions/consumers/tender-captured.ts' },
      }),
    ]);
  });

  it('runs deliveries concurrently, of one event to two consumers and of two events to one', async () => {
    // Each handler waits until every expected one has started: serialised, they would never finish.
    const expected = 3;
    let started = 0;
    let everyoneStarted!: () => void;
    const allStarted = new Promise<void>((resolve) => {
      everyoneStarted = resolve;
    });
    const rendezvous: LambdaHandler = async () => {
      started += 1;
      if (started === expected) everyoneStarted();
      await allStarted;
      return 'done';
    };
    const consumers = start({ 'order-placed': rendezvous, 'order-audit': rendezvous }, [
      orderPlaced,
      consumer('order-audit', 'retail.orders', 'order.placed'),
    ]);
    const delivered = outcomes(consumers, 4);

    const orderPlacedEntry = { source: 'retail.orders', detailType: 'order.placed' };
    await put(orderPlacedEntry, orderPlacedEntry);
    const serialised = new Promise<'serialised'>((resolve) => setTimeout(resolve, 2_000, 'serialised'));
    const finished = await Promise.race([delivered, serialised]);
    everyoneStarted();

    expect(finished).not.toBe('serialised');
    expect((finished as DeliveryOutcome[]).map(({ status }) => status)).toEqual(Array(4).fill('succeeded'));
  });

  it('tells each delivery listener until it unsubscribes', async () => {
    const consumers = start({ 'order-placed': failingTimes(0).handler });
    const heard: string[] = [];
    const stop = consumers.onDelivery((outcome) => heard.push(outcome.event.id));
    const firstDelivered = outcomes(consumers, 1);

    const [firstId] = await put({ source: 'retail.orders', detailType: 'order.placed' });
    await firstDelivered;
    stop();
    const secondDelivered = outcomes(consumers, 1);
    await put({ source: 'retail.orders', detailType: 'order.placed' });
    await secondDelivered;

    expect(heard).toEqual([firstId]);
  });

  it('drops the retries still waiting when closed', async () => {
    const placed = failingTimes(3);
    const consumers = start({ 'order-placed': placed.handler });

    await put({ source: 'retail.orders', detailType: 'order.placed' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await consumers.close();
    await settle();

    expect(placed.calls).toHaveLength(1);
    expect(consumers.deadLetters()).toEqual([]);
  });
});

describe('the local stack', () => {
  const stack = useStack();
  const org = useOrg('EVC', {});

  it('routes an event put with the EventBridge SDK to the registry consumers its pattern names', async () => {
    const reached = await org.deliver('retail.payments', 'tender.captured', { tender_id: 'tnd_1' });

    expect(reached.map(({ consumer, event }) => ({ consumer, detail: event.detail }))).toEqual([
      { consumer: 'tender-captured', detail: { tender_id: 'tnd_1', orgcode: org.orgcode } },
      { consumer: 'tender-captured-ledger', detail: { tender_id: 'tnd_1', orgcode: org.orgcode } },
    ]);
    const orderPlacedFields = { source: 'retail.orders', 'detail-type': 'order.placed' };
    expect(stack.api.consumers.consumersOf(orderPlacedFields)).toEqual(['order-placed', 'order-placed-commission', 'order-placed-ledger']);
  });

  it('resolves with no outcome for an event no consumer takes', async () => {
    await expect(org.deliver('retail.inventory', 'stock.counted', {})).resolves.toEqual([]);
  });
});
