import type { IncomingMessage } from 'node:http';

/**
 * The request body exceeded the limit of the service it imitates. `bodyRead`:
 * the rest of it was read and dropped, so the connection can carry the next
 * request; otherwise the answer must close it (`connection: close`).
 */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';

  constructor(readonly bodyRead: boolean) {
    super('request body over the limit');
  }
}

/** The headers of the answer to a refused body: `connection: close` only when the rest of the body was left unread. */
export const payloadTooLargeHeaders = (error: PayloadTooLargeError): Record<string, string> =>
  error.bodyRead ? {} : { connection: 'close' };

/**
 * Reads the whole request body, refusing more than `limitBytes`. A refused
 * body of up to twice the limit is still read to its end and dropped before
 * the refusal: answering while it still arrives and closing the connection
 * would lose the requests a keep-alive client sent behind it (HTTP/1.1 lets it
 * pipeline them) and, with unread bytes on the socket, could reset the
 * connection before the client reads the answer. A larger one (declared, or
 * as it arrives) is refused at once, the stream paused, for an answer that
 * closes the connection.
 */
export function readRequestBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const drainedBytes = 2 * limitBytes;
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > drainedBytes) {
      reject(new PayloadTooLargeError(false));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > drainedBytes) {
        detach();
        request.pause();
        reject(new PayloadTooLargeError(false));
      } else if (size > limitBytes) chunks.length = 0;
      else chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      if (size > limitBytes) reject(new PayloadTooLargeError(true));
      else resolve(Buffer.concat(chunks));
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
