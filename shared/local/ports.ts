import { createServer } from 'node:net';

/**
 * A TCP port that is free on the loopback interface right now, for servers that
 * cannot listen on port 0 themselves (DynamoDB Local takes a fixed `-port`).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close(() => reject(new Error('Could not determine a free port')));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}
