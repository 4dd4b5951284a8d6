import { itemSize } from '../../shared/domain/usage/item-size';

describe("DynamoDB's item size", () => {
  it('counts each attribute name in UTF-8 bytes plus its value', () => {
    expect(itemSize({ pk: 'ORG#A', note: 'crème' })).toBe(2 + 5 + 4 + 6);
  });

  it('counts a number as one byte per two significant digits, plus one', () => {
    expect(itemSize({ n: 12345 })).toBe(1 + 4);
    expect(itemSize({ n: 1000 })).toBe(1 + 2);
    expect(itemSize({ n: 0.001 })).toBe(1 + 2);
    expect(itemSize({ n: -120.5 })).toBe(1 + 3);
    expect(itemSize({ n: 0 })).toBe(1 + 1);
  });

  it('counts booleans and nulls as one byte, binary by its bytes', () => {
    expect(itemSize({ b: true, z: null, bin: new Uint8Array(10) })).toBe(2 + 2 + 13);
  });

  it('gives lists and maps 3 bytes, and each element 1 more (a map element its name too)', () => {
    expect(itemSize({ l: ['ab', 7] })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { a: 'b', nested: {} } })).toBe(1 + 3 + (1 + 1 + 1) + (1 + 6 + 3));
  });

  it('counts a set as the sum of its elements', () => {
    expect(itemSize({ s: new Set(['ab', 'c']), ns: new Set([10, 255]) })).toBe(1 + 3 + 2 + (2 + 3));
  });

  it('counts nothing for an attribute or map element left undefined (never stored)', () => {
    expect(itemSize({ a: 'x', gone: undefined, m: { kept: 1, gone: undefined } })).toBe(2 + 1 + 3 + (1 + 4 + 2));
  });
});
