import * as z from 'zod/mini';
import { builtOnFirstUse } from '../../shared/domain/common-schemas';
import { httpHandler } from '../../shared/http/http-handler';
import { httpRoutes } from '../../shared/routes/registry';
import { type RouteDefinition, defineRoute } from '../../shared/http/route-definition';

/**
 * A route function builds at its cold start the schemas its first call needs
 * (its request) and none of the records it only answers, which the docs and
 * the tests read (docs/decisions.md: Performance).
 */
type AnySchema = z.ZodMiniType & { _zod: { def: Record<string, unknown> } };

const isSchema = (value: unknown): value is AnySchema => typeof value === 'object' && value !== null && '_zod' in value;

/** Every schema `schema` is built of, `enter` deciding whether to look inside each (it is given the path of object fields). */
function walk(schema: AnySchema, enter: (part: AnySchema, path: string) => boolean, path = '', seen = new Set<AnySchema>()): void {
  if (seen.has(schema) || !enter(schema, path)) return;
  seen.add(schema);
  for (const [key, value] of Object.entries(schema._zod.def)) {
    if (key === 'shape') for (const [field, part] of Object.entries(value as Record<string, AnySchema>)) walk(part, enter, `${path}.${field}`, seen);
    else if (isSchema(value)) walk(value, enter, path, seen);
    else if (Array.isArray(value)) for (const part of value) if (isSchema(part)) walk(part, enter, path, seen);
  }
}

/** The schemas the routes' requests are built of, built: what a response may share with them is built for its request anyway. */
function requestParts(): Set<AnySchema> {
  const parts = new Set<AnySchema>();
  const collect = (part: AnySchema) => {
    parts.add(part);
    if (part instanceof z.ZodMiniLazy) walk(part._zod.innerType as AnySchema, collect);
    return true;
  };
  for (const route of httpRoutes) walk(route.schema as AnySchema, collect);
  return parts;
}

describe('schemas built on first use', () => {
  it('leave out of every route function\'s import each object its response answers that no request uses (a record is declared with builtOnFirstUse)', () => {
    const shared = requestParts();

    const builtAtImport = httpRoutes.flatMap((route) => {
      const found: string[] = [];
      walk(route.response as AnySchema, (part, path) => {
        if (part instanceof z.ZodMiniLazy || shared.has(part)) return false;
        if (part._zod.def.type === 'object' && path !== '') found.push(`${route.name}: data${path}`);
        return true;
      });
      return found;
    });

    expect(builtAtImport).toEqual([]);
  });

  it('are built by a route function at its init when they are its request, before any call', () => {
    const build = jest.fn(() => z.strictObject({ name: z.string() }));
    const route = defineRoute({
      ...(httpRoutes[0] as RouteDefinition),
      schema: builtOnFirstUse(build),
    });

    httpHandler(route);

    expect(build).toHaveBeenCalledTimes(1);
  });
});
