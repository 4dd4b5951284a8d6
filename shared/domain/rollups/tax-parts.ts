import type { Money } from '../common-schemas';
import { type Decimal, addDecimals, decimalFromNumber, decimalToNumber } from '../decimal';
import { unassignedValue } from './financial-rollup';
import type { LedgerEntry } from './ledger-entry';

/**
 * How an order's tax divides between jurisdictions in the financial rollup's
 * `tax` dimension (docs/decisions.md: Financial rollups, tax by jurisdiction):
 * tax is remitted per jurisdiction, so each tax component counts under its own.
 *
 * - A component with an amount in the order's tax currency counts that amount
 *   under its `jurisdiction_code`, else the order's `tax_jurisdiction_code`
 *   (as the `tax_audit` export reads it), else `(none)`.
 * - Whatever those components do not account for (the order's `tax_amount`
 *   less their sum, either sign: a component without an amount, or in another
 *   currency, leaves its share here) counts under the order's code, else
 *   `(none)`. So the parts add up to the order's tax exactly, and the `tax`
 *   records of a day to the `sales` records' tax.
 * - An order without such components is one part: all its tax under the
 *   order's code, else `(none)`.
 *
 * Parts under one jurisdiction are one part, so an order counts once in each
 * jurisdiction that taxed it.
 */
export interface TaxPart {
  jurisdiction: string;
  tax_amount?: Money;
}

const zero: Decimal = { units: 0n, scale: 0 };
const negated = (value: Decimal): Decimal => ({ units: -value.units, scale: value.scale });

export function taxParts(order: LedgerEntry): TaxPart[] {
  const orderCode = order.tax_jurisdiction_code ?? unassignedValue;
  const currency = order.tax_amount?.currency ?? order.amount?.currency;
  const components = (order.tax_components ?? []).flatMap((component) =>
    component.amount !== undefined && component.amount.currency === currency
      ? [{ jurisdiction: component.jurisdiction_code ?? orderCode, tax: decimalFromNumber(component.amount.amount) }]
      : [],
  );
  if (currency === undefined || components.length === 0) return [{ jurisdiction: orderCode, ...(order.tax_amount && { tax_amount: order.tax_amount }) }];

  const byJurisdiction = new Map<string, Decimal>();
  const add = (jurisdiction: string, tax: Decimal) => byJurisdiction.set(jurisdiction, addDecimals(byJurisdiction.get(jurisdiction) ?? zero, tax));
  let unaccounted = order.tax_amount ? decimalFromNumber(order.tax_amount.amount) : zero;
  for (const { jurisdiction, tax } of components) {
    add(jurisdiction, tax);
    unaccounted = addDecimals(unaccounted, negated(tax));
  }
  if (unaccounted.units !== 0n) add(orderCode, unaccounted);
  return [...byJurisdiction].map(([jurisdiction, tax]) => ({ jurisdiction, tax_amount: { currency, amount: decimalToNumber(tax) } }));
}
