import type { IncomingMessage } from 'node:http';

/** The request body exceeded the limit of the service it imitates. */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
}

/**
 * Reads the whole request body, refusing more than `limitBytes` (a declared
 * Content-Length above it is refused before reading anything). On refusal the
 * stream is paused, not destroyed, so the caller can still answer; it should
 * answer with `connection: close` so the unread rest is dropped with the socket.
 */
export function readRequestBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      reject(new PayloadTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        detach();
        request.pause();
        reject(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    const detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}
