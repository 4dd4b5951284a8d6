import * as keys from './keys';
import type { ItemUpdate } from './atomic-write';

export interface MeterScope {
  orgcode: string;
  /** Cost centre the usage is attributed to; absent is metered as '-'. */
  cccode?: string;
  /** The route or job that produced the usage, e.g. `export_batch`. */
  surface: string;
  /** Any ISO instant of the UTC day metered. */
  day: string;
}

/** Counts one delivery (an export batch marked sent) on the day's meter, for the usage rollup to read. */
export function deliveryMeterUpdate(scope: MeterScope): ItemUpdate {
  const day = scope.day.slice(0, 10);
  return {
    key: keys.usageMeter(scope.orgcode, day, scope.cccode, scope.surface),
    expression: 'SET orgcode = :org, #day = :day, cccode = :cccode, surface = :surface, record_type = :type ADD deliveries :one',
    names: { '#day': 'day' },
    values: {
      ':org': scope.orgcode,
      ':day': day,
      ':cccode': scope.cccode ?? '-',
      ':surface': scope.surface,
      ':type': 'usage_meter',
      ':one': 1,
    },
  };
}
