import { addDecimals, decimalFromNumber, decimalToNumber, decimalToString, fractionDigits } from '../../shared/domain/decimal';

const sum = (values: number[]) => values.map(decimalFromNumber).reduce(addDecimals, decimalFromNumber(0));

describe('exact decimal sums', () => {
  it('adds 0.1 and 0.2 to exactly 0.3, unlike binary floats', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalToNumber(sum([0.1, 0.2]))).toBe(0.3);
  });

  it('keeps a million cents exact', () => {
    expect(decimalToString(sum(Array.from({ length: 1_000_000 }, () => 0.01)))).toBe('10000');
  });

  it('sums negatives and mixed scales', () => {
    expect(decimalToString(sum([-1.005, 2.5, -0.495]))).toBe('1');
    expect(decimalToString(sum([-0.75, 0.25]))).toBe('-0.5');
  });

  it('reads exponent notation', () => {
    expect(decimalToString(decimalFromNumber(1e-7))).toBe('0.0000001');
    expect(decimalToString(decimalFromNumber(1e21))).toBe('1000000000000000000000');
    expect(fractionDigits(1.5e-6)).toBe(7);
  });

  it('rejects values that are not finite', () => {
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
  });
});
