import * as z from 'zod/mini';
import { commonRequestFields } from '../../domain/common-schemas';
import { trialBalanceReport } from '../../domain/gl/trial-balance';
import { currencyCode } from '../../domain/receivables/money';
import { utcDay } from '../../domain/rollups/rollup-days';
import { trialBalanceAsOf } from '../../gl/trial-balance';
import { defineRoute } from '../../http/route-definition';

export const glTrialBalanceRoute = defineRoute({
  path: '/gl/trial-balance',
  operation: 'gl.trial_balance',
  name: 'gl-trial-balance',
  family: 'gl',
  summary:
    "Debits, credits and balance per account of every event up to the end of a UTC day, exported or not, mapped as a journal made now would map it, with the totals per currency and how many events no rule maps.",
  schema: z.strictObject({ as_of: utcDay, currency: z.optional(currencyCode), ...commonRequestFields }),
  response: trialBalanceReport,
  roles: 'gl_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ as_of: '2026-11-30', currency: 'USD' }),
  handle: (input, context) => trialBalanceAsOf(context.caller.orgcode, input.as_of, input.currency, context.now),
});
