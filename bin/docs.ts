import { writeFileSync } from 'node:fs';
import { httpRoutes } from '../shared/routes/registry';
import { routeReference } from '../shared/routes/route-docs';

writeFileSync('docs/routes.md', routeReference(httpRoutes));
console.log(`docs/routes.md: ${httpRoutes.length} routes`);
