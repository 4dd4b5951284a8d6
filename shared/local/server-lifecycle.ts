import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening local server. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` */
  url: string;
  port: number;
  /** Stops listening and drops open connections, keep-alive ones included. */
  close(): Promise<void>;
}

/**
 * How long a local server keeps an idle keep-alive connection open: longer
 * than any pause between two calls of a client. The AWS SDK's clients keep
 * their idle sockets with no timeout of their own (Node 20's agent ignores
 * the server's `Keep-Alive: timeout` hint when it has none). With Node's
 * default of 5 s, a call sent after a pause of about 6 s goes out on a socket
 * the server is closing and fails with ECONNRESET, and the local clients make
 * one attempt (environment.ts: localApiClientConfig): a test paging dead
 * letters met it in CI.
 */
const idleConnectionMs = 10 * 60_000;

/** Listens and resolves with the address, or rejects (say, the port is taken). */
export function listen(server: Server, port: number, host: string): Promise<RunningServer> {
  server.keepAliveTimeout = idleConnectionMs;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address() as AddressInfo;
      resolve({ url: `http://${host}:${actual}`, port: actual, close: () => stopServer(server) });
    });
  });
}

export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
