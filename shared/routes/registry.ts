import type { RouteDefinition } from '../http/route-definition';
import { eventRecordRoute } from './events/event-record.route';
import { eventGetRoute } from './events/event-get.route';
import { eventListRoute } from './events/event-list.route';
import { lineageListRoute } from './events/lineage-list.route';
import { reconcileReportRoute } from './events/reconcile-report.route';
import { exportCreateRoute } from './exports/export-create.route';
import { exportGetRoute } from './exports/export-get.route';
import { exportListRoute } from './exports/export-list.route';
import { exportBatchCreateRoute } from './exports/export-batch-create.route';
import { exportBatchGetRoute } from './exports/export-batch-get.route';
import { exportBatchListRoute } from './exports/export-batch-list.route';
import { exportBatchRepairRoute } from './exports/export-batch-repair.route';
import { exportBatchStatusSetRoute } from './exports/export-batch-status-set.route';
import { exportScheduleCreateRoute } from './exports/export-schedule-create.route';
import { exportScheduleGetRoute } from './exports/export-schedule-get.route';
import { exportScheduleListRoute } from './exports/export-schedule-list.route';
import { exportScheduleStatusSetRoute } from './exports/export-schedule-status-set.route';
import { exportFilesRoute } from './exports/export-files.route';
import { invoiceSetRoute } from './receivables/invoice-set.route';
import { invoiceGetRoute } from './receivables/invoice-get.route';
import { invoiceListRoute } from './receivables/invoice-list.route';
import { invoiceStatusSetRoute } from './receivables/invoice-status-set.route';
import { invoicePaymentApplyRoute } from './receivables/invoice-payment-apply.route';
import { invoicePaymentListRoute } from './receivables/invoice-payment-list.route';
import { arAgingReportRoute } from './receivables/ar-aging-report.route';
import { arBalanceRoute } from './receivables/ar-balance.route';
import { arStatementRoute } from './receivables/ar-statement.route';
import { commissionGetRoute } from './commissions/commission-get.route';
import { commissionListRoute } from './commissions/commission-list.route';
import { commissionAdjustRoute } from './commissions/commission-adjust.route';
import { commissionSplitSetRoute } from './commissions/commission-split-set.route';
import { commissionPayoutCreateRoute } from './commissions/commission-payout-create.route';
import { commissionPayoutGetRoute } from './commissions/commission-payout-get.route';
import { commissionPayoutListRoute } from './commissions/commission-payout-list.route';
import { commissionPayoutStatusSetRoute } from './commissions/commission-payout-status-set.route';
import { commissionStatementRoute } from './commissions/commission-statement.route';
import { storageUsageRecordRoute } from './usage/storage-usage-record.route';
import { storageUsageGetRoute } from './usage/storage-usage-get.route';
import { storageUsageListRoute } from './usage/storage-usage-list.route';
import { storageUsageReconcileRoute } from './usage/storage-usage-reconcile.route';
import { rollupFinancialGetRoute } from './rollups/rollup-financial-get.route';
import { rollupFinancialListRoute } from './rollups/rollup-financial-list.route';
import { usageRollupGetRoute } from './rollups/usage-rollup-get.route';
import { usageRollupListRoute } from './rollups/usage-rollup-list.route';
import { commentAddRoute } from './comments/comment-add.route';
import { commentGetRoute } from './comments/comment-get.route';
import { commentListRoute } from './comments/comment-list.route';
import { commentReviseRoute } from './comments/comment-revise.route';
import { commentStatusRoute } from './comments/comment-status.route';
import { commentReportRoute } from './comments/comment-report.route';
import { inboxCreateRoute } from './inbox/inbox-create.route';
import { inboxGetRoute } from './inbox/inbox-get.route';
import { inboxListRoute } from './inbox/inbox-list.route';
import { inboxStatusRoute } from './inbox/inbox-status.route';
import { inboxStateRoute } from './inbox/inbox-state.route';
import { glMappingSetRoute } from './gl/gl-mapping-set.route';
import { glMappingGetRoute } from './gl/gl-mapping-get.route';
import { glMappingListRoute } from './gl/gl-mapping-list.route';
import { glCoverageReportRoute } from './gl/gl-coverage-report.route';
import { glPeriodCloseRoute } from './gl/gl-period-close.route';
import { glPeriodListRoute } from './gl/gl-period-list.route';
import { glTrialBalanceRoute } from './gl/gl-trial-balance.route';

/**
 * Every `/accounting` route. The stack, the local server, the docs and the
 * route x caller test matrix all read this list; a Lambda entry file imports
 * only its own route module so its bundle holds nothing else.
 */
export const httpRoutes: readonly RouteDefinition[] = [
  eventRecordRoute,
  eventGetRoute,
  eventListRoute,
  lineageListRoute,
  reconcileReportRoute,
  exportCreateRoute,
  exportGetRoute,
  exportListRoute,
  exportBatchCreateRoute,
  exportBatchGetRoute,
  exportBatchListRoute,
  exportBatchRepairRoute,
  exportBatchStatusSetRoute,
  exportScheduleCreateRoute,
  exportScheduleGetRoute,
  exportScheduleListRoute,
  exportScheduleStatusSetRoute,
  exportFilesRoute,
  invoiceSetRoute,
  invoiceGetRoute,
  invoiceListRoute,
  invoiceStatusSetRoute,
  invoicePaymentApplyRoute,
  invoicePaymentListRoute,
  arAgingReportRoute,
  arBalanceRoute,
  arStatementRoute,
  commissionGetRoute,
  commissionListRoute,
  commissionAdjustRoute,
  commissionSplitSetRoute,
  commissionPayoutCreateRoute,
  commissionPayoutGetRoute,
  commissionPayoutListRoute,
  commissionPayoutStatusSetRoute,
  commissionStatementRoute,
  storageUsageRecordRoute,
  storageUsageGetRoute,
  storageUsageListRoute,
  storageUsageReconcileRoute,
  rollupFinancialGetRoute,
  rollupFinancialListRoute,
  usageRollupGetRoute,
  usageRollupListRoute,
  commentAddRoute,
  commentGetRoute,
  commentListRoute,
  commentReviseRoute,
  commentStatusRoute,
  commentReportRoute,
  inboxCreateRoute,
  inboxGetRoute,
  inboxListRoute,
  inboxStatusRoute,
  inboxStateRoute,
  glMappingSetRoute,
  glMappingGetRoute,
  glMappingListRoute,
  glCoverageReportRoute,
  glPeriodCloseRoute,
  glPeriodListRoute,
  glTrialBalanceRoute,
];

export function routeByPath(path: string): RouteDefinition | undefined {
  return httpRoutes.find((route) => route.path === path);
}
