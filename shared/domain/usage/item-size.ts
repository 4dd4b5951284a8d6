/**
 * The size DynamoDB gives an item, what its storage and its read and write
 * units are counted in (AWS: "Item sizes and formats"): the sum, over the
 * item's attributes, of the UTF-8 bytes of the name and the size of the value.
 *
 * - string: its UTF-8 bytes; binary: its bytes;
 * - number: 1 byte per two significant digits (leading and trailing zeros
 *   trimmed), plus 1;
 * - boolean and null: 1 byte;
 * - list and map: 3 bytes, plus 1 byte and the size of each element (and, in
 *   a map, the UTF-8 bytes of each element's name);
 * - set: the sum of its elements' sizes.
 *
 * Values are as the document client gives them (numbers as JS numbers, sets
 * as `Set`, binary as `Uint8Array`); an undefined attribute is not stored, so
 * it counts nothing.
 */

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Significant decimal digits of a finite number: `toExponential` keeps exactly the digits that identify it. */
function significantDigits(value: number): number {
  const mantissa = Math.abs(value).toExponential().split('e')[0] ?? '';
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
}

function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8Bytes(value);
  if (typeof value === 'number') return Math.ceil(significantDigits(value) / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((sum, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return value.reduce<number>((sum, element) => sum + 1 + valueSize(element), 3);
  if (typeof value === 'object') {
    let size = 3;
    for (const [name, element] of Object.entries(value)) {
      if (element !== undefined) size += 1 + utf8Bytes(name) + valueSize(element);
    }
    return size;
  }
  throw new TypeError(`A ${typeof value} is not a DynamoDB value`);
}

/** The bytes DynamoDB counts for one item. */
export function itemSize(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value !== undefined) size += utf8Bytes(name) + valueSize(value);
  }
  return size;
}
