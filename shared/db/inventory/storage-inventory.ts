import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { lifecycleStatuses } from '../../domain/lifecycle';
import { itemSize } from '../../domain/usage/item-size';
import { reconciledUsageIdPrefix } from '../../domain/usage/storage-reconcile';
import { noCostCentre } from '../../domain/usage/cost-centre';
import { type CostCentreUsage, type TableFamily } from '../../domain/usage/storage-reconcile-state';
import type { Comment } from '../../domain/comments/comment';
import type { StorageUsageRecord } from '../../domain/usage/storage-usage';
import type { Invoice } from '../../domain/receivables/invoice';
import type { FinancialRollupRecord } from '../../domain/rollups/financial-rollup';
import type { Payout } from '../../domain/commissions/payout';
import type { UsageRollupRecord } from '../../domain/rollups/usage-rollup';
import { dynamo, tableName } from '../client';
import { payoutListings } from '../commissions/commission-payout-repository';
import { commentListings } from '../comments/comment-repository';
import { storedBesideLedgerCopy } from '../events/event-repository';
import { invoiceListings } from '../receivables/invoice-repository';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Listing, listingCopy } from '../listings';
import type { StartKey } from '../query-page';
import { financialRollupListings } from '../rollups/financial-rollup-repository';
import { usageRollupListings } from '../rollups/usage-rollup-repository';
import { shardKeys, shardLayout } from '../shard-layout';
import { storageUsageListings } from '../usage/storage-usage-repository';
import { meterShards } from '../usage/usage-meter-repository';

/**
 * An organisation's items in the table, family by family, for the storage
 * reconcile (docs/decisions.md: Storage reconcile): each family is one
 * partition of the table that holds all of it (for a listed family, a list
 * partition on the table: shared/db/listings.ts), read with Queries, never a
 * Scan. Families whose items have no such partition are not here; the
 * decisions list them.
 */
interface FamilySource extends TableFamily {
  /** The partition its items are read from (of `day`, for a family kept per day). */
  partition(orgcode: string, day: string): string;
  /** Spread over the organisation's shards (docs/decisions.md: Partition heat): `partition` names shard 0, and every shard is read. */
  sharded?: boolean;
  /** Whether an item read counts; every one does unless this says otherwise. */
  counts?(item: Record<string, unknown>): boolean;
  /**
   * Items written with each item read, in the same transaction, and never
   * changed apart from it (a listed record's own item and its copies in its
   * other lists): measured from it (by the repository's own builders) rather
   * than read.
   */
  companions?(item: Record<string, unknown>): Record<string, unknown>[];
}

/**
 * What is stored with a record's copy read from one of its lists
 * (shared/db/listings.ts), in its transaction: the record under its own key
 * and its copies in its other lists.
 */
function listedWith(copy: Record<string, unknown>, recordKey: keys.ItemKey, listings: readonly Listing[]): Record<string, unknown>[] {
  return [{ ...copy, ...recordKey }, ...listings.filter((listing) => listing.partition !== copy.pk).map((listing) => listingCopy(copy, listing))];
}

const families: readonly FamilySource[] = [
  {
    name: 'events',
    perDay: false,
    // The ledger by time, a list partition on the table: one copy of each event.
    partition: (orgcode) => keys.eventsByTime(orgcode),
    sharded: true,
    // The event under its own key, its copy in the ledger of its type, one lineage link per distinct source ref.
    companions: storedBesideLedgerCopy,
  },
  ...(['active', 'closed'] as const).map((lifecycle) => ({
    name: `invoices/${lifecycle}`,
    perDay: false,
    partition: (orgcode: string) => keys.invoicesInLifecycle(orgcode, lifecycle),
    sharded: true,
    // The copy in the org's list: the invoice under its own key and its copy in its customer's list.
    companions: (item: Record<string, unknown>) => {
      const invoice = withoutStorageAttributes<Invoice>(item);
      return listedWith(item, keys.invoice(invoice.orgcode, invoice.invoice_id), invoiceListings(invoice, Number(item.shard ?? 0)));
    },
  })),
  { name: 'receivables', perDay: false, partition: (orgcode) => keys.receivablesPartition(orgcode), sharded: true },
  {
    name: 'commission_payouts',
    perDay: false,
    partition: (orgcode) => keys.payoutsOfOrg(orgcode),
    // The copy in the org's list: the payout under its own id and its copy in its associate's list beside it.
    companions: (item) => {
      const payout = withoutStorageAttributes<Payout>(item);
      return listedWith(item, keys.commissionPayout(payout.orgcode, payout.payout_id), payoutListings(payout));
    },
  },
  { name: 'commission_rules', perDay: false, partition: (orgcode) => keys.commissionRules(orgcode) },
  { name: 'commission_rule_windows', perDay: false, partition: (orgcode) => keys.commissionRuleWindows(orgcode) },
  { name: 'open_commissions', perDay: false, partition: (orgcode) => keys.openCommissions(orgcode), sharded: true },
  { name: 'credentials', perDay: false, partition: (orgcode) => keys.credentialPartition(orgcode) },
  { name: 'exports', perDay: false, partition: (orgcode) => keys.exportPartition(orgcode) },
  { name: 'export_batches', perDay: false, partition: (orgcode) => keys.exportBatchPartition(orgcode) },
  { name: 'export_schedules', perDay: false, partition: (orgcode) => keys.exportSchedulePartition(orgcode) },
  {
    name: 'storage_usage',
    perDay: false,
    partition: (orgcode) => keys.storageUsages(orgcode),
    // A reconcile's own records would make each run measure the one before it: a re-run could never repeat its totals.
    counts: (item) => !String(item.usage_id).startsWith(reconciledUsageIdPrefix),
    // The copy in the org's list: the record under its own id and its copies in its service's and cost centre's lists beside it.
    companions: (item) => {
      const usage = withoutStorageAttributes<StorageUsageRecord>(item);
      return listedWith(item, keys.storageUsage(usage.orgcode, usage.usage_id), storageUsageListings(usage));
    },
  },
  { name: 'active_days', perDay: false, partition: (orgcode) => keys.activeDays(orgcode) },
  {
    name: 'financial_rollups',
    perDay: false,
    partition: (orgcode) => keys.financialRollupsOfOrg(orgcode),
    // The copy in the org's list: the record in its day's partition and its copy in its dimension value's list beside it.
    companions: (item) => {
      const record = withoutStorageAttributes<FinancialRollupRecord>(item);
      const key = keys.financialRollup(record.orgcode, record.dt, record.dimension, record.dimension_value);
      return listedWith(item, key, financialRollupListings(record));
    },
  },
  {
    name: 'usage_rollups',
    perDay: false,
    partition: (orgcode) => keys.usageRollupsOfOrg(orgcode),
    // The copy in the org's list: the record in its day's partition and its copy in its service and scope's list beside it.
    companions: (item) => {
      const record = withoutStorageAttributes<UsageRollupRecord>(item);
      const key = keys.usageRollup(record.orgcode, record.dt, record.service, keys.usageRollupScope(record));
      return listedWith(item, key, usageRollupListings(record));
    },
  },
  // A comment's current revision, one status at a time; its earlier revisions have no org-wide listing.
  ...lifecycleStatuses.map((status) => ({
    name: `comments/${status}`,
    perDay: false,
    partition: (orgcode: string) => keys.commentsOfOrg(orgcode, status),
    // The copy in the org's list: the comment in its target's partition and its copy in its author's list beside it.
    companions: (item: Record<string, unknown>) => {
      const comment = withoutStorageAttributes<Comment>(item);
      return listedWith(item, keys.comment(comment.orgcode, comment.target_type, comment.target_id, comment.comment_id), commentListings(comment));
    },
  })),
  { name: 'comment_counts', perDay: false, partition: (orgcode) => keys.commentCountsOfOrg(orgcode) },
  // A day's meters are found by their day only: the window's days are read.
  ...Array.from({ length: meterShards }, (_, shard) => ({
    name: `usage_meters/${shard}`,
    perDay: true,
    partition: (orgcode: string, day: string) => keys.usageMeterPartition(orgcode, day, shard),
  })),
];

/** The families a reconcile reads, in the order it reads them. */
export const tableFamilies: readonly TableFamily[] = families.map(({ name, perDay }) => ({ name, perDay }));

/** The table a table_store measurement is of. */
export const inventoryTable = () => tableName();

/** What one Query page of a family held, per cost centre ('-': none), its companions counted with it. */
export interface MeasuredPage {
  byCostCentre: Record<string, CostCentreUsage>;
  lastKey?: StartKey;
}

function add(byCostCentre: Record<string, CostCentreUsage>, item: Record<string, unknown>): void {
  const cccode = typeof item.cccode === 'string' && item.cccode !== '' ? item.cccode : noCostCentre;
  const usage = (byCostCentre[cccode] ??= { bytes: 0, items: 0 });
  usage.bytes += itemSize(item);
  usage.items += 1;
}

/**
 * One Query page (up to 1 MB, read consistently, so it holds every write
 * answered before it) of the org's items of
 * `familyName` (of `day`, when it is kept per day), each measured by
 * DynamoDB's item size rules and attributed to its `cccode`. A sharded
 * family is read shard after shard: a page's key names the shard it is in,
 * and the key that ends a shard names only the next shard's partition.
 */
export async function measureFamilyPage(orgcode: string, familyName: string, day: string, startKey?: StartKey): Promise<MeasuredPage> {
  const family = families.find((candidate) => candidate.name === familyName);
  if (!family) throw new Error(`No table family ${familyName}`);
  const value = family.partition(orgcode, day);
  const partition = startKey ? String(startKey.pk) : value;
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: true,
      ExclusiveStartKey: startKey && Object.keys(startKey).length > 1 ? startKey : undefined,
    }),
  );
  let lastKey = page.LastEvaluatedKey;
  if (!lastKey && family.sharded) {
    const shards = shardKeys(value, await shardLayout(orgcode));
    const at = shards.indexOf(partition);
    if (at >= 0 && at + 1 < shards.length) lastKey = { pk: shards[at + 1] };
  }
  const byCostCentre: Record<string, CostCentreUsage> = {};
  for (const item of page.Items ?? []) {
    if (family.counts && !family.counts(item)) continue;
    add(byCostCentre, item);
    for (const companion of family.companions?.(item) ?? []) add(byCostCentre, companion);
  }
  return { byCostCentre, lastKey };
}
