import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HttpResponse } from './http-api-response';
import { packageVersion, projectRoot } from './project-root';
import { httpRoutes } from '../routes/registry';
import { apiBasePath } from '../http/route-definition';
import { deployedServer, openApiDocument } from '../openapi/openapi-document';

/** Where the local server answers with the document and with its browsable reference. */
export const openApiPath = '/openapi.json';
export const docsPath = '/docs';

/** The Swagger UI files the page loads, all from the swagger-ui-dist package: nothing from the network. */
const assetTypes: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// No online validator badge (it would send the document to a public service); deep links open an operation.
const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Accounting service API</title>
<link rel="icon" type="image/png" href="${docsPath}/favicon-32x32.png">
<link rel="stylesheet" href="${docsPath}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${docsPath}/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '${openApiPath}', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
</script>
</body>
</html>
`;

/**
 * The credential that runs the README's walkthrough, as the root page and
 * `npm start`'s banner hint it: its roles cover every call the walkthrough makes.
 */
export const walkthroughCredential = {
  command: 'npm run -s admin -- credential issue --orgcode ACME --actor alice --roles acct_view,acct_export_admin,ar_admin',
  roles: 'reads: acct_view; events and exports: acct_export_admin; invoices and payments: ar_admin',
};

/** Where a newcomer lands first (the README's first URL, or the bare origin): GETs of these answer what to do next. */
const welcomePaths = new Set(['/', apiBasePath, `${apiBasePath}/`]);

/** A short answer naming the reference, the document and how to call a route, with this server's origin. */
function welcome(origin: string): Buffer {
  const welcomeAnswer = {
    service: 'Accounting service, local stack',
    how_to_call: `Every route is a POST of a JSON body to ${origin}${apiBasePath}/<route>, with headers x-orgcode and a credential (x-api-key)`,
    docs: `${origin}${docsPath}`,
    openapi: `${origin}${openApiPath}`,
    credential: walkthroughCredential.command,
    credential_roles: walkthroughCredential.roles,
    example: `curl -s ${origin}${apiBasePath}/event/list -H 'content-type: application/json' -H 'x-orgcode: ACME' -H "x-api-key: $KEY" -d '{}'`,
  };
  return Buffer.from(`${JSON.stringify(welcomeAnswer, null, 2)}\n`);
}

function ok(contentType: string, body: Buffer): HttpResponse {
  return { statusCode: 200, headers: { 'content-type': contentType }, body };
}

/**
 * The local server's GET pages: `/openapi.json`, generated from the registry
 * when the server starts, `/docs`, Swagger UI served from node_modules, and
 * at `/` and `/accounting` a short JSON answer pointing to them.
 * Local conveniences only: the deployed HTTP API has the POST routes alone.
 * The document served names `origin` (the server's own, as the request
 * reached it) as its first server, so the page's "Try it out" calls this
 * local stack whatever its port. Answers undefined for any other path.
 */
export function localDocs(): (path: string, origin: string) => HttpResponse | undefined {
  const root = projectRoot();
  const document = openApiDocument(httpRoutes, { version: packageVersion(root) });
  const servedFrom = (origin: string) => {
    const thisStack = { url: origin, description: 'This local stack, which serves this page' };
    return Buffer.from(JSON.stringify({ ...document, servers: [thisStack, deployedServer] }, null, 2));
  };
  const swaggerUi = dirname(createRequire(join(root, 'package.json')).resolve('swagger-ui-dist/package.json'));
  return (path, origin) => {
    if (path === openApiPath) return ok('application/json', servedFrom(origin));
    if (path === docsPath) return ok('text/html; charset=utf-8', Buffer.from(page));
    if (welcomePaths.has(path)) return ok('application/json', welcome(origin));
    const asset = path.startsWith(`${docsPath}/`) ? path.slice(docsPath.length + 1) : '';
    const contentType = assetTypes[asset];
    return contentType ? ok(contentType, readFileSync(join(swaggerUi, asset))) : undefined;
  };
}
