import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { httpRoutes } from '../../shared/routes/registry';
import { routeReference } from '../../shared/openapi/route-docs';
import { validate } from '../../shared/domain/validation';

describe('the route registry', () => {
  it('has unique paths, operations and function names', () => {
    for (const field of ['path', 'operation', 'name'] as const) {
      const values = httpRoutes.map((route) => route[field]);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('matches the entry files in functions/http one to one, each importing only its own route', () => {
    const entryFiles = readdirSync('functions/http').map((file) => file.replace(/\.ts$/, ''));
    expect(entryFiles.sort()).toEqual(httpRoutes.map((route) => route.name).sort());
    for (const route of httpRoutes) {
      const source = readFileSync(`functions/http/${route.name}.ts`, 'utf8');
      expect(source).toContain(`/${route.name}.route'`);
      expect(source).not.toContain('registry');
    }
  });

  it('has an entry file for every operator function', () => {
    for (const fn of operatorFunctions) expect(existsSync(`functions/operator/${fn.name}.ts`)).toBe(true);
  });

  it('validates its own examples', () => {
    for (const route of httpRoutes) expect(validate(route.schema, route.example('ACME'))).toMatchObject({ success: true });
  });

  it('is what docs/routes.md says (regenerate with `npm run docs`)', () => {
    expect(readFileSync('docs/routes.md', 'utf8')).toBe(routeReference(httpRoutes));
  });
});
