/**
 * The single table's shape, read by both the CDK stack and the local stack so the
 * two can never disagree. Every partition key value of the table starts with
 * `ORG#<orgcode>#`, its lists included (shared/db/listings.ts); only gsi3, read by
 * system jobs and never by a request path, holds cross-organisation work queues and
 * the organisations active on each day. No list a caller reads is an index: an
 * index's reads are eventually consistent (docs/decisions.md: Acknowledged writes
 * are listed).
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expires_at_epoch',
  globalSecondaryIndexes: [
    /** System work queues across organisations (due schedules, export builds, the outbox), by due time; a day's active organisations. */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
