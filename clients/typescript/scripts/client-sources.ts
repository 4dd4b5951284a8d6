import openapiTS, { astToString } from 'openapi-typescript';
import type { OperationLeaf } from '../src/operation-leaf';

/**
 * What the contract generates for the client, file by file (paths relative to
 * clients/typescript/src/generated):
 *
 *   - `openapi.ts`: every request and response type, by openapi-typescript;
 *   - `operations.ts`: the operations as a tree named by their operation ids
 *     (`event.list` is `operations.event.list`), each leaf saying what the
 *     client must know at run time and types cannot carry: the route's path,
 *     whether it takes `idempotency_key`, whether it requires
 *     `request_context`, and for a list the `data` field that holds its items.
 *
 * Both are read from docs/openapi.json alone, so a change of the contract is a
 * change of these files (`npm run client:generate`), and a test fails while
 * the committed ones differ.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface OpenApiDocument {
  paths: Record<string, { post: { operationId: string; requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> } }>;
}

const generatedNotice = '// Generated from docs/openapi.json by clients/typescript/scripts/generate.ts (npm run client:generate): do not edit.\n';


/** A list: paged by `next_token`, its `data` one array of items and the token. */
function itemsField(request: JsonSchema, data: JsonSchema | undefined): string | undefined {
  if (!request.properties?.next_token || !data?.properties) return undefined;
  const fields = Object.keys(data.properties).filter((name) => name !== 'next_token');
  const arrays = fields.filter((name) => data.properties?.[name]?.type === 'array');
  return fields.length === 1 && arrays.length === 1 ? arrays[0] : undefined;
}

export function operationLeaves(document: OpenApiDocument): Array<{ operationId: string; leaf: OperationLeaf }> {
  return Object.entries(document.paths).map(([path, item]) => {
    const operation = item.post;
    const request = operation.requestBody?.content['application/json']?.schema ?? {};
    const data = operation.responses['200']?.content?.['application/json']?.schema.properties?.data;
    const items = itemsField(request, data);
    const leaf: OperationLeaf = {
      path,
      ...(request.properties?.idempotency_key && { idempotent: true as const }),
      ...(request.required?.includes('request_context') && { requiresContext: true as const }),
      ...(items && { items }),
    };
    return { operationId: operation.operationId, leaf };
  });
}

type Tree = { [name: string]: Tree | OperationLeaf };

function operationTree(leaves: Array<{ operationId: string; leaf: OperationLeaf }>): Tree {
  const tree: Tree = {};
  for (const { operationId, leaf } of leaves) {
    const names = operationId.split('.');
    const last = names.pop() as string;
    let node = tree;
    for (const name of names) {
      const next = (node[name] ??= {});
      if ('path' in next) throw new Error(`Operation ${operationId} lies under operation ${names.join('.')}: the tree needs one or the other`);
      node = next as Tree;
    }
    if (node[last]) throw new Error(`Operation ${operationId} is also a group of operations`);
    node[last] = leaf;
  }
  return tree;
}

export async function clientSources(document: OpenApiDocument): Promise<Record<string, string>> {
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true }));
  const tree = JSON.stringify(operationTree(operationLeaves(document)), null, 2);
  return {
    'openapi.ts': generatedNotice + types,
    'operations.ts': `${generatedNotice}\n/** Every operation by its operation id, with what the client needs of it at run time. */\nexport const operations = ${tree} as const;\n`,
  };
}
