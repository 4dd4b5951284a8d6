import * as z from 'zod/mini';
import { findMapping, latestMapping } from '../../db/gl/gl-mapping-repository';
import { commonRequestFields, revision } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { glMapping } from '../../domain/gl/gl-mapping';
import { defineRoute } from '../../http/route-definition';

export const glMappingGetRoute = defineRoute({
  path: '/gl/mapping/get',
  operation: 'gl.mapping.get',
  name: 'gl-mapping-get',
  family: 'gl',
  summary: "Read the organisation's account mapping: one revision, or the latest.",
  schema: z.strictObject({ revision: z.optional(revision), ...commonRequestFields }),
  response: z.object({ mapping: glMapping }),
  roles: 'gl_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ revision: 1 }),
  handle: async (input, context) => {
    const { orgcode } = context.caller;
    const mapping = input.revision === undefined ? await latestMapping(orgcode) : await findMapping(orgcode, input.revision);
    if (!mapping) throw new NotFoundError(input.revision === undefined ? 'The organisation has no account mapping' : `No mapping revision ${input.revision}`);
    return { mapping };
  },
});
