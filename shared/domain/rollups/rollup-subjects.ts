/**
 * What the daily rollups are kept by, apart from their records' schemas: a
 * module of its own so that code that only names a rollup (a comment's target)
 * does not build the rollups' schemas at import (docs/decisions.md: Performance).
 */

/** The financial rollup's dimensions (./financial-rollup.ts says what each one sums). */
export const financialDimensions = ['sales', 'tender', 'tax', 'ar_aging'] as const;
export type FinancialDimension = (typeof financialDimensions)[number];

/** What a usage rollup record covers (./usage-rollup.ts). */
export const usageScopes = ['org', 'cccode', 'unattributed'] as const;
export type UsageScope = (typeof usageScopes)[number];
