import { pageBytes, responseBytes, withinPageBytes } from '../../shared/db/query-page';

describe('the byte bound of a page', () => {
  it('weighs a value as a Lambda response carries it: its JSON escaped again as the HTTP body string', () => {
    expect(responseBytes({ a: 'x' })).toBe('{\\"a\\":\\"x\\"}'.length);
    // A quote is escaped twice (\\\"), a control character once to six bytes and again to seven.
    expect(responseBytes('"')).toBe(responseBytes('x') + 3);
    expect(responseBytes('\u0001')).toBe(responseBytes('x') + 6);
    expect(responseBytes('é')).toBe(responseBytes('x') + 1);
  });

  it('keeps the first items that fit together, at least one', () => {
    const quarter = pageBytes / 4;
    const weigh = (bytes: number) => bytes;

    expect(withinPageBytes([quarter, quarter, quarter, quarter, 1], weigh)).toEqual([quarter, quarter, quarter]);
    expect(withinPageBytes([pageBytes * 2, 1], weigh)).toEqual([pageBytes * 2]);
    expect(withinPageBytes([1, 2, 3], weigh)).toEqual([1, 2, 3]);
  });
});
