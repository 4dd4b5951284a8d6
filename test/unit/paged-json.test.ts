import { Writable } from 'node:stream';
import { writePagedJson } from '../../bin/paged-json';

/** The admin CLI's paged answer (bin/paged-json.ts), written to a stream that keeps what it was given. */
async function written(head: Record<string, unknown>, pages: unknown[][], tail?: () => Record<string, unknown>): Promise<string> {
  const chunks: string[] = [];
  const out = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      setImmediate(done);
    },
  });
  async function* each() {
    yield* pages;
  }
  await writePagedJson(out, head, 'items', each(), tail);
  return chunks.join('');
}

describe('an answer written page by page', () => {
  it('is the very text JSON.stringify(…, null, 2) makes of the whole answer, pages joined, with what comes after the list', async () => {
    const pages = [[{ id: 'a', nested: { list: [1, 2], text: 'line\nbreak "quoted"' } }, { id: 'b' }], [], [{ id: 'c', none: null }]];
    const head = { queue_url: 'https://sqs.eu-west-1.amazonaws.com/1/q', skipped: undefined };
    const whole = { ...head, items: pages.flat(), kept: 1, redriven: 2 };

    expect(await written(head, pages, () => ({ kept: 1, redriven: 2 }))).toBe(`${JSON.stringify(whole, null, 2)}\n`);
  });

  it('writes an empty list as JSON.stringify does, with no page or with empty pages', async () => {
    expect(await written({ queue_url: 'q' }, [])).toBe(`${JSON.stringify({ queue_url: 'q', items: [] }, null, 2)}\n`);
    expect(await written({}, [[], []], () => ({ kept: 0 }))).toBe(`${JSON.stringify({ items: [], kept: 0 }, null, 2)}\n`);
  });
});
