import { Agent, request } from 'node:http';
import { httpApiBodyLimitBytes } from '../../shared/local/http-api-server';
import { apiBasePath } from '../../shared/http/route-definition';
import { useOrg, useStack } from '../support/harness';
import { type RawRequest, pipelinedStatuses } from '../support/raw-http';

/**
 * The local HTTP adapter answers every request of a keep-alive connection
 * (issue 29, section 5): a body over the HTTP API's 10 MB is answered 413 once
 * it has arrived, and the connection goes on, so the requests a client sent
 * behind it on the same connection are answered too.
 */
const stack = useStack();
const org = useOrg('CONN', { clerk: { roles: ['acct_view', 'acct_export_admin'] } }, { per: 'file' });

/** The request the hostile run lost: `/event/record` whose request_context.orgcode is a date-time (400 on its own). */
const hostileRecord = () => ({
  event_type: 'order.placed',
  occurred_at: '2026-11-20T10:00:00Z',
  reason: 'order placed',
  source_refs: [],
  request_context: { orgcode: '2026-11-20T10:00:00Z', actor: 'clerk', context_source: 'api_key' },
});

/** The same request padded to `bytes` with a field of its own. */
function recordOf(bytes?: number): RawRequest {
  const small = JSON.stringify(hostileRecord());
  const body = bytes === undefined ? small : `${small.slice(0, -1)},"pad":"${'x'.repeat(bytes - small.length - ',"pad":""'.length)}"}`;
  return { path: `${apiBasePath}/event/record`, headers: { ...org.headers.clerk, 'content-type': 'application/json' }, body: Buffer.from(body) };
}

describe('the local HTTP adapter on keep-alive connections', () => {
  it('answers every request of six connections that each send small, 6 MB and 11 MB /event/record bodies one behind the other: 400, 400, 413', async () => {
    const sequence = [recordOf(), recordOf(6 * 1024 * 1024), recordOf(), recordOf(httpApiBodyLimitBytes + 1024 * 1024), recordOf(), recordOf()];
    const expected = [400, 400, 400, 413, 400, 400];

    const answered = await Promise.all(Array.from({ length: 6 }, () => pipelinedStatuses(stack.api.baseUrl, sequence)));

    expect(answered).toEqual(Array.from({ length: 6 }, () => expected));
  });

  it('answers a keep-alive client sending them six at a time with no request failing: the 11 MB body is read before its 413', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const outcomes: string[] = [];
    const send = ({ path, headers, body }: RawRequest) =>
      new Promise<void>((resolve) => {
        const sent = request(`${stack.api.baseUrl}${path}`, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (answer) => {
          answer.resume().on('end', () => resolve(void outcomes.push(String(answer.statusCode))));
        });
        // A client still writing its body when the server closes fails, whether or not the answer arrived.
        sent.on('error', (error: NodeJS.ErrnoException) => resolve(void outcomes.push(error.code ?? error.message)));
        sent.end(body);
      });
    const mix = [recordOf(), recordOf(), recordOf(), recordOf(), recordOf(6 * 1024 * 1024), recordOf(httpApiBodyLimitBytes + 1024 * 1024)];
    const queue = Array.from({ length: 30 }, () => mix).flat();

    await Promise.all(Array.from({ length: 6 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    })).finally(() => agent.destroy());

    expect(outcomes.filter((outcome) => outcome !== '400' && outcome !== '413')).toEqual([]);
    expect(outcomes).toHaveLength(180);
  });
});
