import { createHash } from 'node:crypto';

/**
 * Key builders, one export per access pattern (imported as `* as keys`, so a
 * bundle carries only the builders it calls): every partition key starts with `ORG#<canonical orgcode>#`, so no
 * query can reach another tenant's items. Free-text parts are URI-encoded so a
 * `#` inside a value can never forge another key.
 */

/**
 * Longest encoded part kept readable. Longer ones (multi-byte text encodes up to
 * 9 bytes a character) are replaced by their SHA-256, so no key can outgrow
 * DynamoDB's limits (2048 bytes for a partition key, 1024 for a sort key).
 */
const maxReadablePartBytes = 200;

function part(value: string): string {
  const encoded = encodeURIComponent(value);
  if (encoded.length <= maxReadablePartBytes) return encoded;
  // `%H` never occurs in encodeURIComponent output, so a hashed part cannot equal an encoded one.
  return `%H${createHash('sha256').update(value, 'utf8').digest('base64url')}`;
}
const org = (orgcode: string) => `ORG#${part(orgcode)}`;

export interface ItemKey {
  pk: string;
  sk: string;
}

/** Time-ordered sort key: ISO time first, then the id to break ties deterministically. */
export const timeOrderedKey = (isoTime: string, id: string) => `${isoTime}#${part(id)}`;

/** All credentials of an org in one partition: get by fingerprint, list by org. */
export const credential = (orgcode: string, fingerprint: string): ItemKey => ({
  pk: `${org(orgcode)}#CREDENTIAL`,
  sk: fingerprint,
});
export const credentialPartition = (orgcode: string) => `${org(orgcode)}#CREDENTIAL`;

/**
 * The organisation's shared call allowance (one item, the GCRA `tat`), in a
 * partition of its own so its few writes a second never share a partition's
 * throughput with the organisation's records.
 */
export const orgRate = (orgcode: string): ItemKey => ({ pk: `${org(orgcode)}#ORG_RATE`, sk: 'ORG_RATE' });

/** Idempotency scope of the spec: organisation, route and key. */
export const idempotency = (orgcode: string, route: string, key: string): ItemKey => ({
  pk: `${org(orgcode)}#IDEMPOTENCY#${part(route)}#${part(key)}`,
  sk: 'IDEMPOTENCY',
});

/** One partition per event: gets never contend, writes spread evenly. */
export const event = (orgcode: string, eventId: string): ItemKey => ({
  pk: `${org(orgcode)}#EVENT#${part(eventId)}`,
  sk: 'EVENT',
});
/** A list partition on the table: every event of the org by occurred_at, spread over the org's shards (shardKey of this: docs/decisions.md, Partition heat). */
export const eventsByTime = (orgcode: string) => `${org(orgcode)}#EVENTS`;
/** A list partition on the table: the events of one event_type by occurred_at, spread over the same shards as the ledger by time. */
export const eventsOfType = (orgcode: string, eventType: string) => `${org(orgcode)}#EVENTS#TYPE#${part(eventType)}`;

/** The organisation's shard layout (shared/db/shard-layout.ts): one item, read once a minute per process. */
export const shardLayout = (orgcode: string): ItemKey => ({ pk: `${org(orgcode)}#SHARD_LAYOUT`, sk: 'SHARD_LAYOUT' });
/** A raise of the layout (shared/db/shard-raises.ts), beside it by time: the layout's own item stays small for its frequent read. */
export const shardRaise = (orgcode: string, at: string, toShards: number): ItemKey => ({
  pk: shardLayout(orgcode).pk,
  sk: `RAISE#${at}#${String(toShards).padStart(2, '0')}`,
});
/** The organisation's writes to one spread partition, the shard watch's windows of them (shared/db/shard-watch.ts), added up by every process. */
export const shardWatch = (orgcode: string, partition: string): ItemKey => ({ pk: `${org(orgcode)}#SHARD_WATCH`, sk: partition });

/** One lineage link per (source ref, event), sorted by occurred_at, on its event's shard (a ref every card tender names is hot). */
export const lineagePartition = (orgcode: string, kind: string, id: string) =>
  `${org(orgcode)}#LINEAGE#${part(kind)}#${part(id)}`;

/** The org's exports in one partition, by export_id (time-ordered ids: creation order). */
export const exportRecord = (orgcode: string, exportId: string): ItemKey => ({ pk: `${org(orgcode)}#EXPORTS`, sk: part(exportId) });
export const exportPartition = (orgcode: string) => `${org(orgcode)}#EXPORTS`;
/** The org's export batches in one partition, by batch_id. */
export const exportBatch = (orgcode: string, batchId: string): ItemKey => ({
  pk: `${org(orgcode)}#EXPORT_BATCHES`,
  sk: part(batchId),
});
export const exportBatchPartition = (orgcode: string) => `${org(orgcode)}#EXPORT_BATCHES`;
/** The batches of one export, in creation order: a list partition on the table (their copies, shared/db/listings.ts). */
export const batchesOfExport = (orgcode: string, exportId: string) => `${org(orgcode)}#EXPORT#${part(exportId)}#BATCHES`;
/** The batches of one schedule, in creation order: a list partition on the table, as batchesOfExport. */
export const batchesOfSchedule = (orgcode: string, scheduleId: string) =>
  `${org(orgcode)}#EXPORT_SCHEDULE#${part(scheduleId)}#BATCHES`;
/** The org's export schedules in one partition, by schedule_id. */
export const exportSchedule = (orgcode: string, scheduleId: string): ItemKey => ({
  pk: `${org(orgcode)}#EXPORT_SCHEDULES`,
  sk: part(scheduleId),
});
export const exportSchedulePartition = (orgcode: string) => `${org(orgcode)}#EXPORT_SCHEDULES`;

/**
 * The general-ledger journal (docs/decisions.md: General ledger journal). The
 * org's account mapping revisions in one partition, by revision zero-padded
 * (so newest last): the latest is one Query read backwards, a revision one
 * GetItem, and the list of revisions the partition itself, read consistently.
 */
export const glMappings = (orgcode: string) => `${org(orgcode)}#GL_MAPPINGS`;
export const glMapping = (orgcode: string, revision: number): ItemKey => ({ pk: glMappings(orgcode), sk: String(revision).padStart(10, '0') });
/** The org's closed accounting periods in one partition, by period (`YYYY-MM`): a handful a year, read whole. */
export const glPeriods = (orgcode: string) => `${org(orgcode)}#GL_PERIODS`;
export const glPeriod = (orgcode: string, period: string): ItemKey => ({ pk: glPeriods(orgcode), sk: period });

/**
 * The ledger's running totals per UTC day and per what an account mapping
 * matches on (shared/domain/gl/journal-day-totals.ts), added to in each event's
 * transaction: a list partition spread over the org's shards as its ledger is
 * (the event's shard), sorted by day, so the trial balance as of a day reads a
 * range of days. Each group's totals are spread over `slot`s of their shard
 * too: concurrent events of one group meet in a transaction far less often.
 */
export const glDayTotals = (orgcode: string) => `${org(orgcode)}#GL_DAY_TOTALS`;
export const glDayTotal = (day: string, group: readonly string[], slot: number) => `${day}#${group.map(part).join('#')}#${slot}`;
/** The sort keys of every day up to `day`, included ('$' sorts right after '#'). */
export const glDayTotalsUpTo = (day: string) => `${day}$`;

/**
 * Usage meters of an org and UTC day, written in shards: each shard is a partition
 * of its own, so a busy org's calls spread over several partitions; one meter per
 * shard, cost centre and surface, its counters added atomically.
 */
export const usageMeterPartition = (orgcode: string, day: string, shard: number) => `${org(orgcode)}#USAGE_METER#${day}#${shard}`;
export const usageMeter = (orgcode: string, day: string, shard: number, cccode: string | undefined, surface: string): ItemKey => ({
  pk: usageMeterPartition(orgcode, day, shard),
  sk: `${part(cccode ?? '-')}#${part(surface)}`,
});

/**
 * A chunk of a log batch's meter increments, once applied (docs/decisions.md:
 * Usage meters): its id is a digest of the log events it counted, so its
 * presence says a redelivered batch's chunk was counted already. A partition
 * per chunk, under its own prefix: the aggregator's grant names exactly it.
 */
export const meterChunkPartition = (chunkId: string) => `SYSTEM#METER_CHUNK#${chunkId}`;
export const meterChunk = (chunkId: string): ItemKey => ({ pk: meterChunkPartition(chunkId), sk: 'APPLIED' });

/**
 * One partition per invoice; list partitions on the table hold copies of a
 * customer's invoices and of the org's active or closed ones, by due date.
 */
export const invoice = (orgcode: string, invoiceId: string): ItemKey => ({ pk: `${org(orgcode)}#INVOICE#${part(invoiceId)}`, sk: 'INVOICE' });
export const invoicesOfCustomer = (orgcode: string, customerId: string) => `${org(orgcode)}#CUSTOMER#${part(customerId)}#INVOICES`;
export const invoicesInLifecycle = (orgcode: string, lifecycle: 'active' | 'closed') => `${org(orgcode)}#INVOICES#${lifecycle.toUpperCase()}`;
/** The order's invoice (set is idempotent on order_id) and the tenders parked until it exists. */
export const orderInvoice = (orgcode: string, orderId: string): ItemKey => ({ pk: `${org(orgcode)}#ORDER#${part(orderId)}`, sk: 'INVOICE' });
export const parkedTender = (orgcode: string, orderId: string, tenderId: string): ItemKey => ({
  pk: `${org(orgcode)}#ORDER#${part(orderId)}`,
  sk: `PARKED_TENDER#${part(tenderId)}`,
});
export const orderPartition = (orgcode: string, orderId: string) => `${org(orgcode)}#ORDER#${part(orderId)}`;
/** A tender is received once: its claim records whether it is parked or which payment it became. */
export const tender = (orgcode: string, tenderId: string): ItemKey => ({ pk: `${org(orgcode)}#TENDER#${part(tenderId)}`, sk: 'TENDER' });
/** One partition per payment; list partitions on the table hold copies of an invoice's payments and of a customer's, by received_at. */
export const payment = (orgcode: string, paymentId: string): ItemKey => ({ pk: `${org(orgcode)}#PAYMENT#${part(paymentId)}`, sk: 'PAYMENT' });
export const paymentsOfInvoice = (orgcode: string, invoiceId: string) => `${org(orgcode)}#INVOICE#${part(invoiceId)}#PAYMENTS`;
export const paymentsOfCustomer = (orgcode: string, customerId: string) => `${org(orgcode)}#CUSTOMER#${part(customerId)}#PAYMENTS`;
/**
 * What the org is owed, pre-aggregated per customer, currency and due day,
 * sorted so that one customer's amounts are contiguous: aging and balances
 * read this, never the invoices.
 */
export const receivablesPartition = (orgcode: string) => `${org(orgcode)}#RECEIVABLES`;
export const receivable = (orgcode: string, customerId: string, currency: string, dueDay: string): ItemKey => ({
  pk: `${org(orgcode)}#RECEIVABLES`,
  sk: receivableSortKey(customerId, currency, dueDay),
});
/** The same on every shard of the partition (shared/db/item-shard.ts): a reader adds up the shares of one key. */
export const receivableSortKey = (customerId: string, currency: string, dueDay: string) => `${part(customerId)}#${currency}#${dueDay}`;
export const receivablesOfCustomerPrefix = (customerId: string) => `${part(customerId)}#`;
/**
 * Where a customer's amounts in one currency begin and end among the sort keys
 * of the aggregates and of the changes below ('$' sorts right after '#', and a
 * part never holds either), and a customer's in every currency.
 */
export const receivablesGroupStart = (customerId: string, currency: string) => `${part(customerId)}#${currency}#`;
export const receivablesGroupEnd = (customerId: string, currency: string) => `${part(customerId)}#${currency}$`;
export const receivablesOfCustomerRange = (customerId: string) => ({ from: `${part(customerId)}#`, to: `${part(customerId)}$` });
/**
 * A list partition on the table, of statement entries' copies: the org's
 * changes of what is owed that count on one UTC day, in the aggregates' order
 * (customer, currency, due day, then entry id), so
 * aging as of a past day takes back the days after it, a range of customers at
 * a time, and reads nothing of the days before it.
 */
export const receivableChangesOn = (orgcode: string, day: string) => `${org(orgcode)}#AR_CHANGES#${day}`;
export const receivableChange = (customerId: string, currency: string, dueDay: string, entryId: string) =>
  `${receivablesGroupStart(customerId, currency)}${dueDay}#${part(entryId)}`;
/** A customer's statement entries by date, and their net per month (opening balances without reading history). */
export const statementEntries = (orgcode: string, customerId: string) => `${org(orgcode)}#CUSTOMER#${part(customerId)}#AR_ENTRIES`;
export const statementMonth = (orgcode: string, customerId: string, currency: string, month: string): ItemKey => ({
  pk: `${org(orgcode)}#CUSTOMER#${part(customerId)}#AR_MONTHS`,
  sk: `${currency}#${month}`,
});
export const statementMonthsPartition = (orgcode: string, customerId: string) => `${org(orgcode)}#CUSTOMER#${part(customerId)}#AR_MONTHS`;

/**
 * gsi3 work queues, read only by system jobs. The sort key starts with the
 * instant the work is due, so a job reads exactly what is due.
 */
export const dueSchedulesQueue = 'SYSTEM#EXPORT_SCHEDULES_DUE';
/**
 * Events written with the change they announce, waiting to be published to the
 * bus: spread by entry over `outboxShards` partitions of gsi3, so neither one
 * organisation's peak nor every organisation together meets one partition's
 * write limit; the publisher reads them back as one queue, oldest first. The
 * unsharded queue, where entries waited before, is read too (docs/decisions.md: Partition heat).
 */
const outboxShards = 32;
const unshardedOutboxQueue = 'SYSTEM#OUTBOX';
export const outboxQueueOf = (entryId: string) =>
  `${unshardedOutboxQueue}#${createHash('sha256').update(entryId).digest()[0]! % outboxShards}`;
export const outboxQueues: readonly string[] = [
  unshardedOutboxQueue,
  ...Array.from({ length: outboxShards }, (_shard, shard) => `${unshardedOutboxQueue}#${shard}`),
];
export const outboxEntry = (orgcode: string, entryId: string): ItemKey => ({ pk: `${org(orgcode)}#OUTBOX#${part(entryId)}`, sk: 'OUTBOX' });
export const exportWorkQueue = 'SYSTEM#EXPORT_WORK';
export const queueEntry = (dueAt: string, orgcode: string, id: string) => `${dueAt}#${org(orgcode)}#${part(id)}`;


/** The org's cached commission rules in one partition, by rule_id; a status that came first waits there for its rule. */
export const commissionRule = (orgcode: string, ruleId: string): ItemKey => ({ pk: `${org(orgcode)}#COMMISSION_RULES`, sk: part(ruleId) });
export const commissionRules = (orgcode: string) => `${org(orgcode)}#COMMISSION_RULES`;
/**
 * The revision of the org's rules as a whole, bumped after every rule change:
 * what a process checks its copy of the rules against. `#` never occurs in
 * an encoded rule id, so no rule can take this key.
 */
export const commissionRulesRevision = (orgcode: string): ItemKey => ({ pk: commissionRules(orgcode), sk: '#REVISION' });
/** Every window a rule's definitions ever gave it, recorded before the definition is cached: what a rule change re-rates. */
export const commissionRuleWindows = (orgcode: string) => `${org(orgcode)}#COMMISSION_RULE_WINDOWS`;
export const commissionRuleWindow = (orgcode: string, ruleId: string, from: string, to: string | undefined): ItemKey => ({
  pk: commissionRuleWindows(orgcode),
  sk: `${part(ruleId)}#${from}#${to ?? ''}`,
});

/**
 * One partition per commission; an associate's commissions and an order's (at
 * most one) are list partitions on the table, by placed_at (shared/db/listings.ts).
 */
export const commission = (orgcode: string, commissionId: string): ItemKey => ({
  pk: `${org(orgcode)}#COMMISSION#${part(commissionId)}`,
  sk: 'COMMISSION',
});
export const commissionsOfAssociate = (orgcode: string, associateId: string) => `${org(orgcode)}#ASSOCIATE#${part(associateId)}#COMMISSIONS`;
export const commissionsOfOrder = (orgcode: string, orderId: string) => `${org(orgcode)}#ORDER#${part(orderId)}#COMMISSIONS`;
/** The order's commission claim (one commission per order), beside its invoice's. */
export const orderCommission = (orgcode: string, orderId: string): ItemKey => ({ pk: orderPartition(orgcode, orderId), sk: 'COMMISSION' });
/** The tombstone of an order cancelled before it arrived: its late commission is created voided. */
export const orderCancellation = (orgcode: string, orderId: string): ItemKey => ({ pk: orderPartition(orgcode, orderId), sk: 'CANCELLED' });
/** An associate's commission lines in one partition, by the instant they count at: a period is one range. */
export const commissionLine = (orgcode: string, associateId: string, countsAt: string, lineId: string): ItemKey => ({
  pk: `${org(orgcode)}#ASSOCIATE#${part(associateId)}#COMMISSION_LINES`,
  sk: timeOrderedKey(countsAt, lineId),
});
/**
 * The org's commissions a rule change may still rate or re-rate (unrated, or
 * accrued), by placed_at, in the table itself (read consistently, unlike an
 * index): a rule change reads the ones its windows cover, and a commission
 * written a moment ago cannot be missed.
 */
export const openCommissions = (orgcode: string) => `${org(orgcode)}#COMMISSIONS#OPEN`;
export const openCommission = (orgcode: string, placedAt: string, commissionId: string): ItemKey => ({
  pk: openCommissions(orgcode),
  sk: timeOrderedKey(placedAt, commissionId),
});

/**
 * One partition per commission payout; an associate's payouts and the
 * organisation's are list partitions on the table, by creation (shared/db/listings.ts).
 */
export const commissionPayout = (orgcode: string, payoutId: string): ItemKey => ({
  pk: `${org(orgcode)}#COMMISSION_PAYOUT#${part(payoutId)}`,
  sk: 'PAYOUT',
});
export const payoutsOfAssociate = (orgcode: string, associateId: string) => `${org(orgcode)}#ASSOCIATE#${part(associateId)}#PAYOUTS`;
export const payoutsOfOrg = (orgcode: string) => `${org(orgcode)}#COMMISSION_PAYOUTS`;
/**
 * An associate's payout desk per currency: the lease of the one payout being
 * assembled, and the lines still to free (of a cancelled or abandoned payout).
 */
export const payoutDeskPartition = (orgcode: string, associateId: string, currency: string) =>
  `${org(orgcode)}#ASSOCIATE#${part(associateId)}#PAYOUT_DESK#${currency}`;
export const payoutDesk = (orgcode: string, associateId: string, currency: string): ItemKey => ({
  pk: payoutDeskPartition(orgcode, associateId, currency),
  sk: 'DESK',
});
export const payoutDeskWork = (orgcode: string, associateId: string, currency: string, kind: 'LINK' | 'RELEASE' | 'SETTLE', payoutId: string): ItemKey => ({
  pk: payoutDeskPartition(orgcode, associateId, currency),
  sk: `${kind}#${part(payoutId)}`,
});
/** Payout desk work (lines to free, commissions to mark paid) left by a call that stopped, for the sweep. */
export const payoutWorkQueue = 'SYSTEM#PAYOUT_WORK';
/** The re-rating of a rule's open commissions that a consumer ran out of time for: one per organisation and rule, for the sweep. */
export const reratingWork = (orgcode: string, ruleId: string): ItemKey => ({ pk: `${org(orgcode)}#RERATING`, sk: part(ruleId) });
export const reratingWorkQueue = 'SYSTEM#RERATING_WORK';

/**
 * One partition per storage usage record (get by id, and the duplicate-id
 * guard), and a copy of each in its lists, each a list partition on the table
 * by the instant it is listed at: the org's usage, one service's and one cost
 * centre's.
 */
export const storageUsage = (orgcode: string, usageId: string): ItemKey => ({
  pk: `${org(orgcode)}#STORAGE_USAGE#${part(usageId)}`,
  sk: 'STORAGE_USAGE',
});
export const storageUsages = (orgcode: string) => `${org(orgcode)}#STORAGE_USAGES`;
export const storageUsagesOfService = (orgcode: string, service: string) => `${org(orgcode)}#STORAGE_USAGES#SERVICE#${part(service)}`;
export const storageUsagesOfCostCentre = (orgcode: string, cccode: string) => `${org(orgcode)}#STORAGE_USAGES#CCCODE#${part(cccode)}`;

/**
 * The UTC days an org recorded ledger events on: one item per day, put beside
 * every event (docs/decisions.md: Financial rollups). Its gsi3 entry lists a
 * day's orgs across organisations, so the daily financial rollup finds who had
 * activity without a Scan.
 */
export const activeDays = (orgcode: string) => `${org(orgcode)}#ACTIVE_DAYS`;
export const activeDay = (orgcode: string, day: string): ItemKey => ({ pk: activeDays(orgcode), sk: day });
export const activeOrgsOn = (day: string) => `SYSTEM#ACTIVE_ORGS#${day}`;

/**
 * The UTC days an org was metered (calls, deliveries, storage usage counting on
 * the day): one item per day, put once per process and day (docs/decisions.md:
 * Usage rollups). Its gsi3 entry lists a day's metered orgs, so the daily usage
 * rollup finds them without a Scan. A partition of its own, since the usage
 * meter aggregator marks it: its grant names exactly it.
 */
export const meteredDaysPartition = (orgcode: string) => `${org(orgcode)}#METERED_DAYS`;
export const meteredDay = (orgcode: string, day: string): ItemKey => ({ pk: meteredDaysPartition(orgcode), sk: day });
export const meteredOrgsOn = (day: string) => `SYSTEM#METERED_ORGS#${day}`;

/**
 * One partition per org and UTC day holds that day's financial rollup: the run
 * header (the revision runs claim) and one record per dimension value, so a
 * re-run overwrites the same keys. Its list partitions on the table hold the
 * org's records by dimension, then day, and one dimension value's by day.
 */
export const financialRollupDay = (orgcode: string, dt: string) => `${org(orgcode)}#FINANCIAL_ROLLUP#${dt}`;
export const financialRollupRun = (orgcode: string, dt: string): ItemKey => ({ pk: financialRollupDay(orgcode, dt), sk: 'RUN' });
export const financialRollup = (orgcode: string, dt: string, dimension: string, value: string): ItemKey => ({
  pk: financialRollupDay(orgcode, dt),
  sk: `${dimension}#${part(value)}`,
});
export const financialRollupsOfOrg = (orgcode: string) => `${org(orgcode)}#FINANCIAL_ROLLUPS`;
export const financialRollupOfOrgKey = (dimension: string, dt: string, value: string) => `${dimension}#${dt}#${part(value)}`;
/** The sort keys, in the org's list, of a dimension's records of the days from `fromDt` to `toDt`, both included ('$' sorts right after '#'). */
export const financialRollupsOfOrgBetween = (dimension: string, fromDt: string, toDt: string) => ({
  from: `${dimension}#${fromDt}#`,
  to: `${dimension}#${toDt}$`,
});
export const financialRollupsOfValue = (orgcode: string, dimension: string, value: string) =>
  `${org(orgcode)}#FINANCIAL_ROLLUPS#${dimension}#${part(value)}`;

/**
 * One partition per org and UTC day holds that day's usage rollup: the run
 * header and one record per service and scope (the org, one cost centre, or
 * the usage without one), so a re-run overwrites the same keys. Its list
 * partitions on the table hold the org's records by day, then service and
 * scope, and the days of one service and scope: what an org's or a cost
 * centre's bill reads.
 */
export const usageRollupDay = (orgcode: string, dt: string) => `${org(orgcode)}#USAGE_ROLLUP#${dt}`;
export const usageRollupRun = (orgcode: string, dt: string): ItemKey => ({ pk: usageRollupDay(orgcode, dt), sk: 'RUN' });
/**
 * A past day of the org that received meters after it may have been rolled
 * up: one item per org and day, listed across orgs on gsi3 by day, which the
 * next daily usage rollup reads to roll those days up again.
 */
export const lateUsageDay = (orgcode: string, dt: string): ItemKey => ({ pk: `${org(orgcode)}#USAGE_LATE`, sk: dt });
export const lateUsageQueue = 'SYSTEM#USAGE_LATE';
/** The scope part of a record's keys: `CC#<cccode>` sorts a day's cost centres before the usage without one (`NONE`) and the org's (`ORG`). */
export function usageRollupScope(subject: { scope: 'org' | 'cccode' | 'unattributed'; cccode?: string }): string {
  if (subject.scope === 'cccode') return `CC#${part(subject.cccode ?? '')}`;
  return subject.scope === 'org' ? 'ORG' : 'NONE';
}
export const usageRollup = (orgcode: string, dt: string, service: string, scopeKey: string): ItemKey => ({
  pk: usageRollupDay(orgcode, dt),
  sk: `${part(service)}#${scopeKey}`,
});
export const usageRollupsOfOrg = (orgcode: string) => `${org(orgcode)}#USAGE_ROLLUPS`;
export const usageRollupOfOrgKey = (dt: string, service: string, scopeKey: string) => `${dt}#${part(service)}#${scopeKey}`;
/** The sort keys, in the org's list, of the days from `fromDt` to `toDt`, both included ('$' sorts right after '#'). */
export const usageRollupsOfOrgBetween = (fromDt: string, toDt: string) => ({ from: `${fromDt}#`, to: `${toDt}$` });
export const usageRollupsOfScope = (orgcode: string, service: string, scopeKey: string) =>
  `${org(orgcode)}#USAGE_ROLLUPS#${part(service)}#${scopeKey}`;

/**
 * A target record's comments in one partition, with each comment's earlier
 * revisions beside it: a comment is read by its target and id together (as
 * /comment/get names it), a target's comments are one Query, a revision one
 * GetItem. The org's comments of one status, and one author's, are each a
 * list partition on the table (shared/db/listings.ts), by creation.
 */
export const commentsOfTarget = (orgcode: string, targetType: string, targetId: string) =>
  `${org(orgcode)}#TARGET#${part(targetType)}#${part(targetId)}#COMMENTS`;
export const commentSortKeyPrefix = 'COMMENT#';
export const comment = (orgcode: string, targetType: string, targetId: string, commentId: string): ItemKey => ({
  pk: commentsOfTarget(orgcode, targetType, targetId),
  sk: `${commentSortKeyPrefix}${part(commentId)}`,
});
/** Zero-padded, so a comment's revisions sort in order. */
export const commentRevision = (orgcode: string, targetType: string, targetId: string, commentId: string, revision: number): ItemKey => ({
  pk: commentsOfTarget(orgcode, targetType, targetId),
  sk: `REVISION#${part(commentId)}#${String(revision).padStart(16, '0')}`,
});
export const commentsOfOrg = (orgcode: string, status: string) => `${org(orgcode)}#COMMENTS#${part(status)}`;
export const commentsOfAuthor = (orgcode: string, author: string, status: string) =>
  `${org(orgcode)}#AUTHOR#${part(author)}#COMMENTS#${part(status)}`;
/**
 * Comment counts (per status, hashtag and author, each per status), added to
 * in the transaction of every comment change: one partition for the org, one
 * per target. A report reads one partition of counters, never the comments.
 */
export const commentCountsOfOrg = (orgcode: string) => `${org(orgcode)}#COMMENT_COUNTS`;
export const commentCountsOfTarget = (orgcode: string, targetType: string, targetId: string) =>
  `${commentsOfTarget(orgcode, targetType, targetId)}#COUNTS`;
export const commentCount = (partition: string, dimension: string, status: string, value: string): ItemKey => ({
  pk: partition,
  sk: `${dimension}#${status}#${part(value)}`,
});

/**
 * One partition per inbox item (get by id). An addressee's items of one status
 * and read state are a list partition on the table (shared/db/listings.ts), by
 * creation, read newest first: an item is in exactly one, so a new item is two
 * writes. An addressee is a user (actor) or a team (role).
 */
export const inboxItem = (orgcode: string, itemId: string): ItemKey => ({ pk: `${org(orgcode)}#INBOX_ITEM#${part(itemId)}`, sk: 'INBOX_ITEM' });
const inboxOf = (orgcode: string, addressee: { user_guid: string } | { team: string }) =>
  'team' in addressee ? `${org(orgcode)}#INBOX#TEAM#${part(addressee.team)}` : `${org(orgcode)}#INBOX#USER#${part(addressee.user_guid)}`;
export const inboxItemsOf = (orgcode: string, addressee: { user_guid: string } | { team: string }, status: string, state: string) =>
  `${inboxOf(orgcode, addressee)}#${part(status)}#${part(state)}`;
