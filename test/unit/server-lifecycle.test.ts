import { Agent, createServer, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listen } from '../../shared/local/server-lifecycle';

/** One GET through `agent`; answers whether it went over a socket the agent had kept from an earlier call. */
function get(url: string, agent: Agent): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reusedSocket: sent.reusedSocket }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('a local server', () => {
  // Node 20's own server closes an idle connection between 5 and 6 s (a call sent at 6 s met ECONNRESET); 7 s is past it.
  it('keeps an idle keep-alive connection open past Node\'s default 5 s, so a client that keeps its sockets with no timeout (as the AWS SDK does) reuses it instead of meeting a reset', async () => {
    const running = await listen(createServer((_, response) => response.end('ok')), 0, '127.0.0.1');
    const agent = new Agent({ keepAlive: true });
    try {
      const first = await get(running.url, agent);
      await sleep(7_000);
      const afterPause = await get(running.url, agent);

      expect(first).toEqual({ status: 200, reusedSocket: false });
      expect(afterPause).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
      await running.close();
    }
  });
});
