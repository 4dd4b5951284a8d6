/**
 * The single table's shape, read by both the CDK stack and the local stack so the
 * two can never disagree. Every partition key value of the table, gsi1 and gsi2
 * starts with `ORG#<orgcode>#`; only gsi3, read by system jobs and never by a
 * request path, holds cross-organisation work queues and the organisations
 * active on each day.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expires_at_epoch',
  globalSecondaryIndexes: [
    /** Org-wide time-ordered listings of one record family (e.g. all events by occurred_at). */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** A narrower listing of the same family (e.g. events of one event_type by occurred_at). */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** System work queues across organisations (due schedules, export builds), by due time; a day's active organisations. */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
