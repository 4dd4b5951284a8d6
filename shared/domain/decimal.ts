/**
 * Exact decimal arithmetic for money. Amounts arrive as JSON numbers; each is
 * read through its shortest decimal string (what JSON.stringify writes) into a
 * scaled bigint, so sums never pick up binary floating-point error.
 */
export interface Decimal {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  return decimalFromString(numberToPlainString(value));
}

export function decimalFromString(text: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

/** Digits after the decimal point of a number written in plain notation. */
export function fractionDigits(value: number): number {
  const plain = numberToPlainString(value);
  const point = plain.indexOf('.');
  return point === -1 ? 0 : plain.length - point - 1;
}

function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent form (e.g. 1e-7 or 1e+21): expand to plain digits.
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const pointAt = whole.length + exponent;
  let plain: string;
  if (pointAt <= 0) plain = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) plain = digits + '0'.repeat(pointAt - digits.length);
  else plain = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

function rescale(value: Decimal, scale: number): bigint {
  // Most sums add amounts of one scale (cents): no power of ten to make then.
  return scale === value.scale ? value.units : value.units * 10n ** BigInt(scale - value.scale);
}

export function decimalToString(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The JSON number for a decimal. Exact whenever the value has at most 15
 * significant digits, which the amount limits of the schemas guarantee for sums
 * of up to millions of amounts.
 */
export function decimalToNumber(value: Decimal): number {
  return Number(decimalToString(value));
}
