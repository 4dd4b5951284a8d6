/** Attributes that exist for the table's sake and never leave the repository layer (`shard`: shared/db/item-shard.ts). */
const storageAttributes = new Set(['pk', 'sk', 'gsi3pk', 'gsi3sk', 'expires_at_epoch', 'record_type', 'shard']);

export function withoutStorageAttributes<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!storageAttributes.has(name)) record[name] = value;
  }
  return record as T;
}
