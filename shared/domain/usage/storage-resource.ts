import { orgPrefix } from './storage-reconcile-state';
import type { StorageUsageRecord } from './storage-usage';

/**
 * Which storage usage records are readings of one resource (docs/decisions.md:
 * Usage rollups, storage counted once). Two measurements of one resource for
 * one day are two readings of the same bytes, not two piles: the usage rollup
 * counts the latest only.
 *
 * A resource is the service whose storage it is, the resource type and the
 * resource_ref; for a table store also the cost centre, since a table's items
 * are divided between cost centres by their own `cccode` (the reconcile
 * measures each cost centre's items as a resource of its own), where a
 * prefix's objects are one pile whichever cost centre a record charges them
 * to. The accounting service's object-store refs are read as key prefixes
 * below the organisation's `orgs/<ORG>/` (what the reconcile writes): a ref
 * not under `orgs/` is taken relative to it, so `exports/` and
 * `orgs/ACME/exports/` name one resource; leading slashes are ignored.
 */
export type StorageReading = Pick<
  StorageUsageRecord,
  'orgcode' | 'usage_id' | 'service' | 'resource_type' | 'resource_ref' | 'cccode' | 'measured_at' | 'recorded_at'
>;

/** The service whose object store the reconcile measures, laid out by organisation. */
const prefixedService = 'accounting';

/** The resource_ref as the reconcile would write it. */
export function canonicalResourceRef(reading: StorageReading): string {
  if (reading.resource_type !== 'object_store' || reading.service !== prefixedService) return reading.resource_ref;
  const ref = reading.resource_ref.replace(/^\/+/, '');
  return ref.startsWith('orgs/') ? ref : `${orgPrefix(reading.orgcode)}${ref}`;
}

/** The same key for every reading of one resource, another for any other resource. */
export function storageResourceKey(reading: StorageReading): string {
  const slice = reading.resource_type === 'table_store' ? (reading.cccode ?? null) : null;
  return JSON.stringify([reading.service, reading.resource_type, canonicalResourceRef(reading), slice]);
}

/**
 * Whether `reading` was taken after `other`: the later `measured_at` (a
 * record without one was measured when recorded), then the later
 * `recorded_at`, then the greater `usage_id`, so exactly one reading of a
 * resource is the latest whatever order they are read in.
 */
export function isLaterReading(reading: StorageReading, other: StorageReading): boolean {
  const order = (of: StorageReading) => [of.measured_at ?? of.recorded_at, of.recorded_at, of.usage_id];
  const [mine, theirs] = [order(reading), order(other)];
  for (let index = 0; index < mine.length; index += 1) {
    const [a = '', b = ''] = [mine[index], theirs[index]];
    if (a !== b) return a > b;
  }
  return false;
}
