import { type MeasuredPage, measureFamilyPage } from '../../shared/db/inventory/storage-inventory';

/** How many items the storage reconcile measures of an organisation's table family, every page of it (of `day`, for a family kept per day). */
export async function familyItemCount(orgcode: string, family: string, day = '2026-11-10'): Promise<number> {
  let items = 0;
  let startKey: MeasuredPage['lastKey'];
  do {
    const page = await measureFamilyPage(orgcode, family, day, startKey);
    items += Object.values(page.byCostCentre).reduce((sum, usage) => sum + usage.items, 0);
    startKey = page.lastKey;
  } while (startKey);
  return items;
}
