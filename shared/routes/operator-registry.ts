import type { StoreAccess } from '../http/route-definition';

/**
 * Operator functions: invoked directly (AWS Lambda Invoke API), never routed under
 * `/accounting`. Entry file: `functions/operator/<name>.ts`, exporting `handler`
 * that takes and returns plain JSON.
 */
export interface OperatorFunctionDefinition {
  name: string;
  description: string;
  stores: StoreAccess;
  /** Longer than the operators' default of one minute, for one that re-runs days of work. */
  timeoutSeconds?: number;
}

export const operatorFunctions: OperatorFunctionDefinition[] = [
  {
    name: 'credential-admin',
    description: 'Issues, revokes and lists API keys and sessions of an organisation; raises the shards its busiest partitions are spread over',
    stores: { table: 'write' },
  },
  {
    name: 'financial-rollup-admin',
    description:
      "Re-runs the daily financial rollup of a day or a range of days, for every active organisation or one; indexes an organisation's statement entries recorded before aging of a past day read them",
    stores: { table: 'write' },
    // Lambda's maximum: a month of days, each read in full.
    timeoutSeconds: 15 * 60,
  },
  {
    name: 'usage-rollup-admin',
    description: 'Re-runs the daily usage rollup of a day or a range of days, for every metered organisation or one',
    stores: { table: 'write' },
    // Lambda's maximum, as for financial rollups: a month of days.
    timeoutSeconds: 15 * 60,
  },
];
