import type { StoreAccess } from './route-definition';

/**
 * Operator functions: invoked directly (AWS Lambda Invoke API), never routed under
 * `/accounting`. Entry file: `functions/operator/<name>.ts`, exporting `handler`
 * that takes and returns plain JSON.
 */
export interface OperatorFunctionDefinition {
  name: string;
  description: string;
  stores: StoreAccess;
}

export const operatorFunctions: OperatorFunctionDefinition[] = [
  {
    name: 'credential-admin',
    description: 'Issues, revokes and lists API keys and sessions of an organisation',
    stores: { table: 'write' },
  },
];
