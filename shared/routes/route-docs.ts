import { roleFamilies } from '../auth/roles';
import type { RouteDefinition } from './route-definition';

function whoMayCall(route: RouteDefinition): string {
  const family = roleFamilies[route.roles];
  if ('anyMember' in family) return 'any member of the organisation';
  const roles = family.roles.map((role) => `\`${role}\``);
  return [...roles, ...(family.owner ? ['owner'] : [])].join(', ');
}

/** The route reference (docs/routes.md), generated from the registry so it cannot drift. */
export function routeReference(routes: readonly RouteDefinition[]): string {
  const lines = [
    '# Route reference',
    '',
    '<!-- Generated from shared/routes/registry.ts by `npm run docs`; do not edit by hand. -->',
    '',
    'Every route is `POST /accounting<path>` with a JSON body, the headers `x-orgcode` and one',
    'credential (`x-api-key` or `x-session-guid`), and answers with the common envelope.',
    '',
    '| Path | Operation | Roles | Idempotent |',
    '|---|---|---|---|',
    ...routes.map(
      (route) => `| \`${route.path}\` | \`${route.operation}\` | ${whoMayCall(route)} | ${route.idempotent ? 'yes (`idempotency_key`)' : 'no'} |`,
    ),
    '',
  ];
  for (const route of routes) {
    lines.push(
      `## ${route.path}`,
      '',
      `Operation \`${route.operation}\`; Lambda \`${route.name}\`; may be called by ${whoMayCall(route)}.`,
      '',
      'Example request body:',
      '',
      '```json',
      JSON.stringify(route.example('ACME'), null, 2),
      '```',
      '',
    );
  }
  return lines.join('\n');
}
