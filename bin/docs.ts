/**
 * `npm run docs`: writes docs/routes.md and docs/openapi.json from the route
 * registry. Tests fail while either differs from a fresh generation.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageVersion, projectRoot } from '../shared/local/project-root';
import { openApiJson } from '../shared/openapi/openapi-document';
import { httpRoutes } from '../shared/routes/registry';
import { routeReference } from '../shared/openapi/route-docs';

const root = projectRoot();
writeFileSync(join(root, 'docs/routes.md'), routeReference(httpRoutes));
writeFileSync(join(root, 'docs/openapi.json'), openApiJson(httpRoutes, { version: packageVersion(root) }));
console.log(`docs/routes.md and docs/openapi.json: ${httpRoutes.length} routes`);
