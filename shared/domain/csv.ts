/**
 * CSV as RFC 4180 writes it, for every file the service writes (exports of the
 * ledger, journals): fields joined by ',', records ended by CRLF.
 */

/** A value of one field; `undefined` and `null` are written as an empty field. */
export type FieldValue = string | number | boolean | null | undefined;

/**
 * One RFC 4180 record: fields joined by ',', ended by CRLF; a field holding
 * ',', '"', CR or LF is quoted with inner quotes doubled.
 */
export function csvRow(values: readonly FieldValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: FieldValue): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
