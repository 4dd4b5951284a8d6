import * as z from 'zod/mini';
import { findUsageRollup } from '../../db/rollups/usage-rollup-repository';
import { cccode, commonRequestFields, shortText } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { utcDay } from '../../domain/rollups/rollup-days';
import { type UsageRollupSubject, scopeFitsCccode, usageRollupRecord, usageScopes } from '../../domain/rollups/usage-rollup';
import { defineRoute } from '../../http/route-definition';

const usageRollupGetRequest = z
  .strictObject({
    /** The UTC day, `YYYY-MM-DD`. */
    dt: utcDay,
    /** The platform service whose usage it is: `accounting` for this service's API calls and deliveries. */
    service: shortText,
    /** One cost centre's record; without it, the organisation's (or, with scope `unattributed`, the usage that named none). */
    cccode: z.optional(cccode),
    scope: z.optional(z.enum(usageScopes)),
    ...commonRequestFields,
  })
  .check(
    scopeFitsCccode,
    z.refine((request) => request.scope !== 'cccode' || request.cccode !== undefined, {
      path: ['cccode'],
      error: 'is required with scope cccode',
      when: (payload) => payload.issues.length === 0,
    }),
  );

export const usageRollupGetRoute = defineRoute({
  path: '/usage/rollup/get',
  operation: 'usage.rollup.get',
  name: 'usage-rollup-get',
  family: 'rollups',
  summary: "Read one day's usage rollup of a service: the organisation's, one cost centre's, or the usage that named no cost centre.",
  schema: usageRollupGetRequest,
  response: z.object({ rollup: usageRollupRecord }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ dt: '2026-11-20', service: 'accounting', cccode: 'ABCD-1234-EF56' }),
  handle: async (input, context) => {
    const { service, cccode: costCentre } = input;
    const subject: UsageRollupSubject =
      costCentre !== undefined ? { service, scope: 'cccode', cccode: costCentre } : { service, scope: input.scope ?? 'org' };
    const rollup = await findUsageRollup(context.caller.orgcode, input.dt, subject);
    if (!rollup) throw new NotFoundError(`No ${subject.scope} usage rollup of ${service}${costCentre ? ` for ${costCentre}` : ''} on ${input.dt}`);
    return { rollup };
  },
});
