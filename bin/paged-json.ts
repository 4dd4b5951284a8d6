import { once } from 'node:events';

/**
 * Writes `{ ...head, [listKey]: [every item of every page], ...tail() }`
 * exactly as `JSON.stringify(value, null, 2)` would (and a newline), one page
 * at a time: an admin command whose list arrives in pages (the dead letters)
 * holds one page, never the whole answer, and still prints one JSON object.
 * `tail` is asked once the last page is written (totals of what the pages held).
 */
export async function writePagedJson(
  out: NodeJS.WritableStream,
  head: Record<string, unknown>,
  listKey: string,
  pages: AsyncIterable<readonly unknown[]>,
  tail: () => Record<string, unknown> = () => ({}),
): Promise<void> {
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{\n${[...members(head), `  ${JSON.stringify(listKey)}: [`].join(',\n')}`);
  let written = 0;
  for await (const page of pages) {
    for (const item of page) await write(`${written++ > 0 ? ',' : ''}\n    ${nested(item, '    ')}`);
  }
  const rest = members(tail());
  await write(`${written > 0 ? '\n  ]' : ']'}${rest.map((member) => `,\n${member}`).join('')}\n}\n`);
}

/** An object's members, as JSON.stringify(…, null, 2) writes them one level in. */
function members(object: Record<string, unknown>): string[] {
  return Object.entries(object)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${nested(value, '  ')}`);
}

/** A value's pretty JSON, each line after the first indented by `by`, as it sits inside its parent. */
function nested(value: unknown, by: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${by}`);
}
