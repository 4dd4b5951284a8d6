import { round } from './stats';

/** A plain-text table: header, rule, rows; numbers right-aligned. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) => row.map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => (row[column] ?? '').length)));
  const numeric = header.map((_, column) => rows.every((row) => typeof row[column] === 'number' || /^[\d.,x-]*$/.test(String(row[column] ?? ''))));
  const line = (row: string[]) =>
    row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...cells.map(line)].join('\n');
}

export const ms = (value: number) => value.toFixed(2);
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)}k`;
export const units = (value: number) => (value === 0 ? '-' : String(round(value, 2)));
