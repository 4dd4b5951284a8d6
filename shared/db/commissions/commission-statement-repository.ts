import type { StoredStatementLine } from '../../domain/commissions/statement';
import * as keys from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';

/**
 * What a commission statement reads (docs/decisions.md: Commissions): a page
 * of one associate's lines over a period, from their line partition, and the
 * status of the payouts those lines name. Both consistently, as a statement
 * read just after a payout changes must show the change.
 */

export interface StatementFilter {
  associate_id: string;
  from_utc: string;
  to_utc: string;
  currency?: string;
}

/** The attributes a statement shows of a line. */
const statementLineAttributes: ReadonlyArray<keyof StoredStatementLine> = [
  'line_id',
  'commission_id',
  'order_id',
  'kind',
  'amount',
  'currency',
  'status',
  'counts_at',
  'payout_id',
  'reverses_line_id',
  'reason',
];

/**
 * The lowest key a line counting at `at` can have: no line id is empty, so no
 * line has this key itself. Every instant here is in toISOString's one format
 * (a request's dateTime is normalised to it), so keys sort by time.
 */
const firstLineKeyAt = (orgcode: string, associateId: string, at: string) => keys.commissionLine(orgcode, associateId, at, '');

/** Up to `limit` of the associate's lines counting in [from_utc, to_utc) (in `currency` when given), by counts_at. */
export function readStatementLines(
  orgcode: string,
  filter: StatementFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<StoredStatementLine>> {
  const from = firstLineKeyAt(orgcode, filter.associate_id, filter.from_utc);
  // BETWEEN is inclusive, but a line counting at to_utc sorts after to_utc's first key, so it is left out.
  const to = firstLineKeyAt(orgcode, filter.associate_id, filter.to_utc);
  // With the keys: a page cut short by its bytes resumes after its last line.
  const names = Object.fromEntries(['pk', 'sk', ...statementLineAttributes].map((name) => [`#${name}`, name]));
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ...(filter.currency !== undefined && { FilterExpression: '#currency = :currency' }),
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ':pk': from.pk,
        ':from': from.sk,
        ':to': to.sk,
        ...(filter.currency !== undefined && { ':currency': filter.currency }),
      },
      ConsistentRead: true,
    },
    limit,
    startKey,
    ({ pk: _pk, sk: _sk, ...line }) => line as StoredStatementLine,
  );
}
