import { canonicalJson } from '../canonical-json';
import { type FieldValue, csvRow } from '../csv';
import type { AccountingEvent } from '../events/accounting-event';
import type { ExportFormat, ExportKind } from './export-record';
import type { TaxFilters } from './tax-filters';


type TaxComponent = NonNullable<AccountingEvent['tax_components']>[number];

/**
 * One line of a `tax_audit` export: a tax component of an event, or the
 * event-level tax fields of an event without components. Money is flattened to
 * amount and currency so JSON lines and CSV rows carry the same fields.
 */
interface TaxAuditRecord {
  event_id: string;
  event_type: string;
  occurred_at: string;
  /** The component's 0-based position; null for a line from the event-level tax fields. */
  component_index: number | null;
  jurisdiction_code?: string;
  tax_code?: string;
  rate?: number;
  taxable_base?: number;
  taxable_base_currency?: string;
  tax_amount?: number;
  tax_amount_currency?: string;
  tax_basis?: AccountingEvent['tax_basis'];
  tax_liability_trigger?: AccountingEvent['tax_liability_trigger'];
  tax_policy_version?: string;
  holiday_applied?: boolean;
  exemption_applied?: boolean;
  exemption_reason?: string;
}

/** CSV columns of a `financial_events` export, in order, and how each is read from an event. */
const financialEventColumns: ReadonlyArray<readonly [name: string, value: (event: AccountingEvent) => FieldValue]> = [
  ['event_id', (event) => event.event_id],
  ['event_type', (event) => event.event_type],
  ['occurred_at', (event) => event.occurred_at],
  ['recorded_at', (event) => event.recorded_at],
  ['logical_guid', (event) => event.logical_guid],
  ['channel_code', (event) => event.channel_code],
  ['cccode', (event) => event.cccode],
  ['amount', (event) => event.amount?.amount],
  ['amount_currency', (event) => event.amount?.currency],
  ['tax_amount', (event) => event.tax_amount?.amount],
  ['tax_amount_currency', (event) => event.tax_amount?.currency],
  ['tax_jurisdiction_code', (event) => event.tax_jurisdiction_code],
  ['tax_policy_version', (event) => event.tax_policy_version],
  ['tax_basis', (event) => event.tax_basis],
  ['tax_liability_trigger', (event) => event.tax_liability_trigger],
  ['tax_holiday_applied', (event) => event.tax_holiday_applied],
  ['tax_override_applied', (event) => event.tax_override_applied],
  ['actor', (event) => event.request_context.actor],
  ['context_source', (event) => event.request_context.context_source],
  ['reason', (event) => event.reason],
  ['source_refs', (event) => nestedJson(event.source_refs)],
  ['tax_components', (event) => nestedJson(event.tax_components)],
  ['policy_refs', (event) => nestedJson(event.policy_refs)],
];

/** CSV columns of a `tax_audit` export, in order. */
const taxAuditColumns: ReadonlyArray<keyof TaxAuditRecord> = [
  'event_id',
  'event_type',
  'occurred_at',
  'component_index',
  'jurisdiction_code',
  'tax_code',
  'rate',
  'taxable_base',
  'taxable_base_currency',
  'tax_amount',
  'tax_amount_currency',
  'tax_basis',
  'tax_liability_trigger',
  'tax_policy_version',
  'holiday_applied',
  'exemption_applied',
  'exemption_reason',
];

/**
 * The lines one event contributes to an export of `kind` (financial_events:
 * exactly 1; tax_audit: one per tax line that passes the filters, possibly 0).
 * Each line already ends with its terminator ('\n' for jsonl, '\r\n' for csv),
 * and equal events give equal bytes whatever the order of their keys.
 */
export function exportLines(
  event: AccountingEvent,
  kind: ExportKind,
  format: ExportFormat,
  filters: TaxFilters = {},
): string[] {
  if (kind === 'financial_events') {
    return [format === 'jsonl' ? jsonLine(event) : csvRow(financialEventColumns.map(([, value]) => value(event)))];
  }
  return taxAuditRecords(event)
    .filter((record) => acceptsTaxLine(filters, record))
    .map((record) => (format === 'jsonl' ? jsonLine(record) : csvRow(taxAuditColumns.map((name) => record[name]))));
}

/** The text that opens a file: the CSV header row (with '\r\n'), '' for jsonl. */
export function fileHeader(kind: ExportKind, format: ExportFormat): string {
  if (format === 'jsonl') return '';
  return csvRow(kind === 'financial_events' ? financialEventColumns.map(([name]) => name) : taxAuditColumns);
}

/**
 * The tax lines of an event: one per tax component when it has any; otherwise
 * one from the event-level tax fields when it has a tax amount or jurisdiction;
 * otherwise none.
 */
function taxAuditRecords(event: AccountingEvent): TaxAuditRecord[] {
  const components = event.tax_components ?? [];
  if (components.length > 0) return components.map((component, index) => componentRecord(event, component, index));
  if (event.tax_amount === undefined && event.tax_jurisdiction_code === undefined) return [];
  return [
    {
      ...eventTaxFields(event),
      component_index: null,
      jurisdiction_code: event.tax_jurisdiction_code,
      tax_amount: event.tax_amount?.amount,
      tax_amount_currency: event.tax_amount?.currency,
      tax_basis: event.tax_basis,
      holiday_applied: event.tax_holiday_applied,
    },
  ];
}

function componentRecord(event: AccountingEvent, component: TaxComponent, index: number): TaxAuditRecord {
  return {
    ...eventTaxFields(event),
    component_index: index,
    jurisdiction_code: component.jurisdiction_code ?? event.tax_jurisdiction_code,
    tax_code: component.tax_code,
    rate: component.rate,
    taxable_base: component.taxable_base?.amount,
    taxable_base_currency: component.taxable_base?.currency,
    tax_amount: component.amount?.amount,
    tax_amount_currency: component.amount?.currency,
    tax_basis: component.tax_basis ?? event.tax_basis,
    holiday_applied: component.holiday_applied ?? event.tax_holiday_applied,
    exemption_applied: component.exemption_applied,
    exemption_reason: component.exemption_reason,
  };
}

/** The fields every tax line of an event shares. */
function eventTaxFields(event: AccountingEvent) {
  return {
    event_id: event.event_id,
    event_type: event.event_type,
    occurred_at: event.occurred_at,
    tax_liability_trigger: event.tax_liability_trigger,
    tax_policy_version: event.tax_policy_version ?? event.policy_refs?.tax_policy_version,
  };
}

/** Every given filter must accept the line; an absent value never matches a list or an equality. */
function acceptsTaxLine(filters: TaxFilters, record: TaxAuditRecord): boolean {
  const inList = (list: string[] | undefined, value: string | undefined) =>
    list === undefined || (value !== undefined && list.includes(value));
  return (
    inList(filters.jurisdiction_codes, record.jurisdiction_code) &&
    inList(filters.tax_policy_versions, record.tax_policy_version) &&
    (filters.tax_basis === undefined || record.tax_basis === filters.tax_basis) &&
    (filters.tax_liability_trigger === undefined || record.tax_liability_trigger === filters.tax_liability_trigger) &&
    (filters.require_tax_amount !== true || record.tax_amount !== undefined)
  );
}

/** A nested value of a CSV column: canonical JSON, or empty when absent. */
function nestedJson(value: unknown): string | undefined {
  return value === undefined ? undefined : canonicalJson(value);
}

/** One JSON line: sorted keys, absent (undefined) fields omitted. */
function jsonLine(value: unknown): string {
  return `${canonicalJson(value)}\n`;
}
