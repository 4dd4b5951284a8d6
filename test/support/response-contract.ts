import { isDeepStrictEqual } from 'node:util';
import { errorEnvelopeSchema, successEnvelopeSchema } from '../../shared/http/envelope-schemas';
import { validate } from '../../shared/domain/validation';
import { routeByPath } from '../../shared/routes/registry';

/** Keys present in what was answered but dropped by the schema's parse: fields the contract does not declare. */
function undeclaredPaths(answered: unknown, declared: unknown, path: string): string[] {
  if (!answered || typeof answered !== 'object' || !declared || typeof declared !== 'object') return [];
  return Object.entries(answered).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (!(key in declared)) return [at];
    return undeclaredPaths(value, (declared as Record<string, unknown>)[key], at);
  });
}

/**
 * Holds one answer of an `/accounting` route to the contract: a 200 is the
 * success envelope around the route's declared `data`, anything else the
 * error envelope with a matching `http_status`; no field may be undeclared.
 * Throws with every mismatch, so a test that sees a drifted response fails.
 */
export function assertResponseMatchesContract(routePath: string, status: number, body: unknown): void {
  const route = routeByPath(routePath);
  if (!route) return; // not a route: the gateway's own 404 has no envelope
  const schema = status === 200 ? successEnvelopeSchema(route.response) : errorEnvelopeSchema;
  const checked = validate(schema, body);
  const problems = checked.success
    ? undeclaredPaths(body, checked.data, '').map((path) => `${path}: is not declared in the contract`)
    : checked.issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`);
  const answeredStatus = (body as { error?: { http_status?: unknown } } | undefined)?.error?.http_status;
  if (status !== 200 && answeredStatus !== status) {
    problems.push(`error.http_status: ${String(answeredStatus)} differs from the HTTP status ${status}`);
  }
  if (checked.success && !problems.length && !isDeepStrictEqual(checked.data, body)) {
    problems.push('the declared schema changes the response it parses');
  }
  if (problems.length) {
    throw new Error(
      `${route.path} answered ${status} outside its declared response schema:\n  ${problems.join('\n  ')}\n${JSON.stringify(body)}`,
    );
  }
}
