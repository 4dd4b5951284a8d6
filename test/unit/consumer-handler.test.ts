import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { ValidationError } from '../../shared/domain/errors';
import { type ConsumerDelivery, consumerHandler } from '../../shared/lambda/consumer-handler';

const orderPlaced = z.object({ orgcode: z.string(), order_id: z.string(), total: z.number() });
type OrderPlaced = z.infer<typeof orderPlaced>;

/** An event as EventBridge delivers it to a rule's target. */
function busEvent(overrides: Record<string, unknown> = {}) {
  return {
    version: '0',
    id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
    'detail-type': 'order.placed',
    source: 'retail.orders',
    account: '111122223333',
    time: '2026-11-20T10:00:00Z',
    region: 'us-east-1',
    resources: [],
    detail: { orgcode: 'ACME', order_id: 'ord_1', total: 12.5 },
    ...overrides,
  };
}

function recordingHandler() {
  const calls: Array<{ detail: OrderPlaced; delivery: ConsumerDelivery }> = [];
  const handler = consumerHandler(orderPlaced, async (detail, delivery) => {
    calls.push({ detail, delivery });
    return { handled: detail.order_id };
  });
  return { calls, invoke: (event: unknown) => handler(event, {} as Context) };
}

async function rejection(invoking: Promise<unknown>): Promise<ValidationError> {
  const error: unknown = await invoking.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('consumerHandler', () => {
  it('runs with the parsed detail and the delivery, and returns the result', async () => {
    const { calls, invoke } = recordingHandler();

    const result = await invoke(busEvent());

    expect(result).toEqual({ handled: 'ord_1' });
    expect(calls).toEqual([
      {
        detail: { orgcode: 'ACME', order_id: 'ord_1', total: 12.5 },
        delivery: {
          eventId: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
          source: 'retail.orders',
          detailType: 'order.placed',
          time: '2026-11-20T10:00:00Z',
        },
      },
    ]);
  });

  it('refuses a detail missing a required field, naming it, without running', async () => {
    const { calls, invoke } = recordingHandler();

    const error = await rejection(invoke(busEvent({ detail: { orgcode: 'ACME', order_id: 'ord_1' } })));

    expect(error.message).toBe('detail.total: Required');
    expect(error.details).toEqual({ issues: [{ path: 'detail.total', message: 'Required' }] });
    expect(calls).toEqual([]);
  });

  it('names every failing field in the message, envelope and detail alike', async () => {
    const { invoke } = recordingHandler();

    const error = await rejection(invoke(busEvent({ id: undefined, detail: { orgcode: 'ACME', total: '12.5' } })));

    expect(error.message).toBe(
      'id: Required; detail.order_id: Required; detail.total: Expected number, received string',
    );
  });

  it.each([
    ['a string', 'order placed'],
    ['an array', [{ order_id: 'ord_1' }]],
    ['null', null],
  ])('refuses a detail that is %s', async (_kind, detail) => {
    const { calls, invoke } = recordingHandler();

    const error = await rejection(invoke(busEvent({ detail })));

    expect(error.message).toMatch(/^detail: Expected object, received/);
    expect(calls).toEqual([]);
  });

  it('refuses an event with no detail, and one that is not an event', async () => {
    const { invoke } = recordingHandler();

    const withoutDetail = await rejection(invoke(busEvent({ detail: undefined })));
    const notAnEvent = await rejection(invoke('order.placed'));

    expect(withoutDetail.message).toBe('detail: Required');
    expect(notAnEvent.message).toBe('event: Expected object, received string');
  });

  it('ignores detail fields the schema does not name, and envelope fields it does not read', async () => {
    const { calls, invoke } = recordingHandler();

    await invoke(
      busEvent({
        resources: undefined,
        'replay-name': 'replay-1',
        detail: { orgcode: 'ACME', order_id: 'ord_1', total: 12.5, channel_code: 'WEB' },
      }),
    );

    expect(calls[0]?.detail).toEqual({ orgcode: 'ACME', order_id: 'ord_1', total: 12.5 });
  });

  it('lets an error of run through, so Lambda retries it', async () => {
    const failure = new Error('table unavailable');
    const handler = consumerHandler(orderPlaced, async () => {
      throw failure;
    });

    await expect(handler(busEvent(), {} as Context)).rejects.toBe(failure);
  });
});
