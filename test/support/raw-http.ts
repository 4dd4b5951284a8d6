import { connect } from 'node:net';

/** One request as a keep-alive client writes it on its connection. */
export interface RawRequest {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Writes `requests` on one keep-alive connection to `url`, each as soon as the
 * last is written (pipelined, as HTTP/1.1 allows: a client need not wait for an
 * answer to send the next request), and resolves with the status of every
 * answer read before the server closed the connection, in order. The server
 * answers with a Content-Length, as the local servers do.
 */
export function pipelinedStatuses(url: string, requests: readonly RawRequest[]): Promise<number[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const statuses: number[] = [];
    let received = Buffer.alloc(0);
    const socket = connect(Number(port), hostname);
    const done = () => {
      socket.destroy();
      resolve(statuses);
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      for (let answer = nextAnswer(received); answer; answer = nextAnswer(received)) {
        statuses.push(answer.status);
        received = received.subarray(answer.length);
        if (statuses.length === requests.length) done();
      }
    });
    // A write after the server closed fails; the answers read so far are what the client got.
    socket.on('error', done);
    socket.on('close', done);
    void (async () => {
      for (const request of requests) {
        const head = Object.entries({ host: `${hostname}:${port}`, 'content-length': String(request.body.length), ...request.headers })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(`POST ${request.path} HTTP/1.1\r\n${head}\r\n`);
        if (!socket.write(request.body)) await new Promise((drained) => socket.once('drain', drained).once('close', drained));
        if (socket.destroyed) return;
      }
    })();
  });
}

/** The first whole answer in `bytes`: its status and how many bytes it takes, or undefined until all of it arrived. */
function nextAnswer(bytes: Buffer): { status: number; length: number } | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const head = bytes.subarray(0, headEnd).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const bodyLength = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const length = headEnd + 4 + bodyLength;
  return bytes.length >= length ? { status, length } : undefined;
}
