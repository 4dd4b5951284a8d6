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

/** Listens and resolves with the address, or rejects (say, the port is taken). */
export function listen(server: Server, port: number, host: string): Promise<RunningServer> {
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
