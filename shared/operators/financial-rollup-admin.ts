import * as z from 'zod/mini';
import { orgcode } from '../domain/common-schemas';
import { type ChangesIndexed, indexReceivableChanges } from '../receivables/receivable-changes-backfill';
import { type FinancialRollupRun, runFinancialRollup } from '../rollups/financial-rollup';
import { rollupAdmin, rollupAdminRequest } from './rollup-admin';

/**
 * What `financial-rollup-admin` takes: `run` (./rollup-admin.ts), or
 * `index-receivable-changes` (`npm run admin -- financial-rollup
 * index-receivable-changes --orgcode ORG`), which indexes the organisation's
 * statement entries recorded before aging of a past day read them, once per
 * organisation after the deploy that brings it (docs/decisions.md: Accounts
 * receivable). Its ar_aging is what reads them, and a function of its own
 * would take the stack past its resource budget.
 */
export const financialRollupAdminRequest = z.discriminatedUnion('action', [
  rollupAdminRequest,
  z.strictObject({ action: z.literal('index-receivable-changes'), orgcode }),
]);
export type FinancialRollupAdminRequest = z.infer<typeof financialRollupAdminRequest>;

const runDays = rollupAdmin(runFinancialRollup);

export function runFinancialRollupAdmin(request: FinancialRollupAdminRequest): Promise<FinancialRollupRun | ChangesIndexed> {
  return request.action === 'index-receivable-changes' ? indexReceivableChanges(request.orgcode) : runDays(request);
}
