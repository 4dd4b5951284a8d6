/**
 * The filter of a list by status, `#status IN (:status0, …)`, with its names
 * and values to merge into a Query's: the statuses are those `listedStatuses`
 * (shared/domain/list-statuses.ts) gives, never empty.
 */
export function statusFilter(statuses: readonly string[]): {
  expression: string;
  names: Record<string, string>;
  values: Record<string, string>;
} {
  const values = Object.fromEntries(statuses.map((status, index) => [`:status${index}`, status]));
  return { expression: `#status IN (${Object.keys(values).join(', ')})`, names: { '#status': 'status' }, values };
}
