import { type AccountingClient, AccountingError, AccountingNetworkError, type Transport, createAccountingClient } from '../src';

/**
 * Type tests, checked by `tsc` (npm test's first step) and never run: each
 * `@ts-expect-error` line must fail to compile, or tsc fails on the unused
 * directive; the line before it is the same call made right, which must compile.
 */
export async function typeTests(client: AccountingClient) {
  const event = {
    event_type: 'order.placed',
    occurred_at: '2026-11-20T10:15:00Z',
    reason: 'Order placed',
    source_refs: [{ kind: 'order', id: 'ord_1001' }],
  };

  // A wrong field name.
  await client.event.list({ event_types: ['order.placed'] });
  // @ts-expect-error `event_type` is no field of /event/list (it takes `event_types`).
  await client.event.list({ event_type: ['order.placed'] });

  // A missing required field.
  await client.event.record(event);
  // @ts-expect-error /event/record requires `reason`.
  await client.event.record({ event_type: event.event_type, occurred_at: event.occurred_at, source_refs: event.source_refs });

  // A wrong enum value.
  await client.invoice.list({ status: 'partially_paid' });
  // @ts-expect-error `overdue` is no invoice status.
  await client.invoice.list({ status: 'overdue' });
  await client.export.create({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', format: 'csv', reason: 'ERP', source_refs: [] });
  // @ts-expect-error `xml` is no export format.
  await client.export.create({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', format: 'xml', reason: 'ERP', source_refs: [] });

  // The same checks through `call`, by path; and a path that is no route.
  await client.call('/accounting/event/get', { event_id: 'evt_1' });
  // @ts-expect-error /event/get takes `event_id`.
  await client.call('/accounting/event/get', { eventId: 'evt_1' });
  // @ts-expect-error no such route.
  await client.call('/accounting/event/delete', { event_id: 'evt_1' });

  // Answers are typed: a list's items, a field of `data`, an error's tag.
  for await (const listed of client.event.list()) {
    const id: string = listed.event_id;
    // @ts-expect-error an event has no `total`.
    void listed.total;
    void id;
  }
  const { invoice } = await client.invoice.get({ invoice_id: 'inv_1' });
  const status: 'draft' | 'open' | 'partially_paid' | 'paid' | 'void' | 'written_off' = invoice.status;
  void status;
  const error = new AccountingError('/accounting/event/get', {} as never);
  // @ts-expect-error `missing` is no error tag (it is `not-found`).
  if (error.tag === 'missing') return;

  // The options: a retry budget, a transport of the caller's (typed by the client: no DOM lib needed), a credential.
  const transport: Transport = async (url, init) => ({ status: 200, headers: { get: () => null }, text: async () => `${url} ${init.body}` });
  const options = { baseUrl: 'http://127.0.0.1:3000', orgcode: 'ACME', actor: 'alice', credential: { apiKey: 'ak.x' } };
  createAccountingClient({ ...options, retry: { budgetMs: 5_000 }, fetch: transport });
  // @ts-expect-error the retry policy is a time budget: no `attempts`.
  createAccountingClient({ ...options, retry: { attempts: 4 } });
  // @ts-expect-error a credential is `apiKey` or `session`.
  createAccountingClient({ ...options, credential: { token: 'x' } });

  // A call that got no answer: retryable, with what the transport threw.
  const failure: unknown = new AccountingNetworkError('/accounting/event/get', new Error('socket hang up'));
  if (failure instanceof AccountingNetworkError) {
    const retryable: boolean = failure.retryable;
    const cause: unknown = failure.cause;
    void [retryable, cause];
  }
}
