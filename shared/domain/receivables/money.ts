import * as z from 'zod/mini';
import { amount as amountNumber, builtOnFirstUse } from '../common-schemas';
import { decimalFromNumber, decimalToNumber } from '../decimal';

/**
 * Receivables money: whole minor units of one currency (cents for USD, yen for
 * JPY, fils for BHD) held as bigint, so every sum, balance and comparison is
 * exact. Amounts enter and leave as JSON numbers in major units.
 */
export type MinorUnits = bigint;

export const currencyCode = z.string().check(
  // Not three letters: no currency to look up, so the one issue says so.
  z.regex(/^[A-Za-z]{3}$/, { error: 'must be an ISO 4217 code such as USD', abort: true }),
  z.overwrite((value) => value.toUpperCase()),
  z.refine(isKnownCurrency, 'is not an ISO 4217 currency this service knows'),
);

function isKnownCurrency(code: string): boolean {
  return (Intl.supportedValuesOf('currency') as string[]).includes(code);
}

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point the currency uses (ISO 4217 minor unit), from Node's ICU data. */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    // Building a formatter is slow (milliseconds); reports call this per item.
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** The amount in minor units, or undefined when it has more decimals than the currency has. */
export function toMinorUnits(amount: number, currency: string): MinorUnits | undefined {
  const digits = minorDigits(currency);
  const decimal = decimalFromNumber(amount);
  if (decimal.scale <= digits) return decimal.units * 10n ** BigInt(digits - decimal.scale);
  const excess = 10n ** BigInt(decimal.scale - digits);
  return decimal.units % excess === 0n ? decimal.units / excess : undefined;
}

export function fromMinorUnits(units: MinorUnits, currency: string): number {
  return decimalToNumber({ units, scale: minorDigits(currency) });
}

/**
 * An amount given either as a number (in the currency stated beside it) or as
 * the spec's Money `{currency, amount}`; both forms are accepted wherever an
 * amount sits next to a currency, since the platform's services send either.
 */
export const amountOrMoney = z.union([amountNumber, z.strictObject({ currency: currencyCode, amount: amountNumber })]);
export type AmountOrMoney = z.infer<typeof amountOrMoney>;

/** An amount in one currency, as the reports answer it: a sum, so not held to a request's bounds. */
export const currencyAmount = builtOnFirstUse(() => z.object({ currency: currencyCode, amount: z.number() }));

/** Reads `value` in `currency`; a message explains why it cannot be (wrong currency, too many decimals). */
export function readAmount(
  value: AmountOrMoney,
  currency: string,
): { units: MinorUnits } | { problem: string } {
  if (typeof value !== 'number' && value.currency !== currency) {
    return { problem: `is in ${value.currency}, but the invoice is in ${currency}` };
  }
  const number = typeof value === 'number' ? value : value.amount;
  const units = toMinorUnits(number, currency);
  if (units === undefined) return { problem: `has more decimals than ${currency} has (${minorDigits(currency)})` };
  return { units };
}

/**
 * quantity x a unit price of `unit` minor units, exactly; undefined when it does
 * not come to whole minor units (a fractional quantity of an odd price).
 */
export function timesQuantity(unit: MinorUnits, quantity: number): MinorUnits | undefined {
  const { units: quantityUnits, scale } = decimalFromNumber(quantity);
  const product = unit * quantityUnits;
  const divisor = 10n ** BigInt(scale);
  return product % divisor === 0n ? product / divisor : undefined;
}

export const sumUnits = (values: readonly MinorUnits[]): MinorUnits => values.reduce((total, value) => total + value, 0n);
export const minUnits = (a: MinorUnits, b: MinorUnits): MinorUnits => (a < b ? a : b);
