import type { StartKey } from '../../db/query-page';
import { changeOrigin } from '../../http/call-context';
import {
  reconcileSummary,
  storageUsageReconcileData,
  storageUsageReconcileRequest,
} from '../../domain/usage/storage-reconcile';
import { type ReconcileState, isFinished } from '../../domain/usage/storage-reconcile-state';
import { reconcileStorage } from '../../usage/storage-reconcile';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute, maxRouteTimeoutSeconds } from '../../http/route-definition';
import { sealedCursor } from '../../http/sealed-cursor';

export const storageUsageReconcileRoute = defineRoute({
  path: '/storage/usage/reconcile',
  operation: 'storage.usage.reconcile',
  name: 'storage-usage-reconcile',
  family: 'usage',
  summary:
    "Measure the organisation's objects (per prefix) and table items (per cost centre) and record them as storage usage of the window, a bounded number of reads per call, resumed with next_cursor.",
  schema: storageUsageReconcileRequest,
  response: storageUsageReconcileData,
  roles: 'ledger_write',
  idempotent: false,
  stores: { table: 'write', bucket: 'list' },
  timeoutSeconds: maxRouteTimeoutSeconds,
  example: () => ({
    from_utc: '2026-11-20T00:00:00Z',
    to_utc: '2026-11-21T00:00:00Z',
    limit: 50,
    reason: 'Daily storage reconcile',
    source_refs: [{ kind: 'storage_meter', id: 'reconcile-2026-11-20' }],
  }),
  handle: async (input, context) => {
    const { from_utc, to_utc, dry_run = false, limit, cursor, reason, source_refs } = input;
    const window = { from_utc, to_utc };
    // A cursor resumes only the run it came from: the same window, and a dry run only a dry run.
    const bound = { ...window, dry_run };
    const resumption = sealedCursor<ReconcileState>(context, bound, 'cursor');
    const run = { origin: changeOrigin(context), window, reason, source_refs };
    const state = await reconcileStorage({
      ...run,
      limit,
      deadline: context.deadline,
      dryRun: dry_run,
      resumeFrom: resumption.read(cursor),
      resumeKeys: pageCursor<StartKey>(context, bound),
    });
    return { reconcile: reconcileSummary(run, state), next_cursor: isFinished(state) ? null : resumption.next(state) };
  },
});
