import * as z from 'zod/mini';
import { listMappings } from '../../db/gl/gl-mapping-repository';
import type { StartKey } from '../../db/query-page';
import { commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { glMapping } from '../../domain/gl/gl-mapping';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

export const glMappingListRoute = defineRoute({
  path: '/gl/mapping/list',
  operation: 'gl.mapping.list',
  name: 'gl-mapping-list',
  family: 'gl',
  summary: "List the revisions of the organisation's account mapping, newest first.",
  schema: z.strictObject({ limit: listLimit(), next_token: nextToken, ...commonRequestFields }),
  response: z.object({ mappings: z.array(glMapping), next_token: nextPageToken }),
  roles: 'gl_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ limit: 8 }),
  handle: async (input, context) => {
    const cursor = pageCursor<StartKey>(context, {});
    const page = await listMappings(context.caller.orgcode, input.limit, cursor.read(input.next_token));
    return { mappings: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
