import { Readable, Writable } from 'node:stream';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from '../../lib/lazy-builtins/stream-promises';
import { ReadableStream } from '../../lib/lazy-builtins/stream-web';

describe('the built-ins the bundles load on first use (lib/lambda-bundle.ts)', () => {
  it('tells a web ReadableStream from anything else with instanceof, as the built-in class does', () => {
    expect(new NodeReadableStream() instanceof ReadableStream).toBe(true);
    expect(new Blob(['body']).stream() instanceof ReadableStream).toBe(true);
    expect(Readable.from(['body']) instanceof ReadableStream).toBe(false);
    expect(('body' as unknown) instanceof ReadableStream).toBe(false);
  });

  it('pipes a stream to its end, as the built-in pipeline does', async () => {
    const received: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk.toString());
        done();
      },
    });

    await pipeline(Readable.from(['stream', 'ed']), sink);

    expect(received.join('')).toBe('streamed');
    expect(sink.writableFinished).toBe(true);
  });
});
