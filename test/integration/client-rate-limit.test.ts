import { type Transport, createAccountingClient } from '../../clients/typescript/src';
import { useOrg, useStack } from '../support/harness';
import type { HttpResult } from '../support/local-api';

/**
 * The per-organisation limit of dev and staging (20 calls a second, a burst of
 * 40), set on this file's stack as `npm start -- --rate-limit 20/40` sets it,
 * seen through the HTTP answer and ridden out by the TypeScript client's
 * default retries.
 */

const limit = { perSecond: 20, burst: 40 };
const stack = useStack({ environment: { ORG_RATE_LIMIT_PER_SECOND: String(limit.perSecond), ORG_RATE_LIMIT_BURST: String(limit.burst) } });
const org = useOrg('BURST', { recorder: { roles: ['acct_view', 'acct_export_admin'] } });

const sale = (orderId: string) => ({
  event_type: 'order.placed',
  occurred_at: '2026-11-20T10:00:00Z',
  amount: { currency: 'USD', amount: 10 },
  reason: 'order placed',
  source_refs: [{ kind: 'order', id: orderId }],
});

describe('the organisation rate limit of dev and staging', () => {
  it('answers a call past the burst 429 with Retry-After in whole seconds, details.retry_after_ms rounded up', async () => {
    // Rounds of calls at once until some are refused: on a slow machine the first round may take long enough to earn its calls.
    const refused: HttpResult[] = [];
    for (let round = 0; round < 10 && refused.length === 0; round += 1) {
      const answers = await Promise.all(Array.from({ length: limit.burst + 40 }, () => org.post('recorder', '/event/get', { event_id: 'evt_absent' })));
      refused.push(...answers.filter((answer) => answer.status === 429));
    }

    expect(refused.length).toBeGreaterThan(0);
    expect(
      refused.filter((answer) => answer.headers.get('retry-after') !== String(Math.ceil(answer.body.error.details.retry_after_ms / 1000))),
    ).toEqual([]);
    expect(refused.map((answer) => answer.headers.get('retry-after'))).toEqual(refused.map(() => expect.stringMatching(/^[1-9]\d*$/)));
  });

  it('a burst of 300 records sent at once through the client with its default retries: every one answered 200, once', async () => {
    let refusals = 0;
    const counting: Transport = async (url, init) => {
      const answer = await fetch(url, init);
      if (answer.status === 429) refusals += 1;
      return answer;
    };
    const client = createAccountingClient({
      baseUrl: stack.api.baseUrl,
      orgcode: org.orgcode,
      actor: 'recorder',
      credential: { apiKey: org.credentials.recorder.secret },
      fetch: counting,
    });

    const recorded = await Promise.allSettled(Array.from({ length: 300 }, (_, at) => client.event.record(sale(`ord_${at}`))));
    const failures = recorded.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    const eventIds = recorded.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.event.event_id] : []));

    expect(failures.slice(0, 3)).toEqual([]);
    expect(new Set(eventIds).size).toBe(300);
    expect(refusals).toBeGreaterThan(0);
    // The client's budget (60 s) and the last request; the burst takes 13 s at the rate.
  }, 120_000);
});
