import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { OperatorFunctionDefinition } from '../shared/routes/operator-registry';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';

export interface OperatorFunctionsProps {
  operators: readonly OperatorFunctionDefinition[];
  bindings: ServiceBindings;
}

/** Operators share one role family; within it, functions with equal `stores` share a role. */
export const operatorFamily = 'operator';

/** One minute, unless the registry gives an operator longer (re-runs over a range of days). */
const defaultOperatorTimeout = Duration.minutes(1);

/**
 * Functions an operator invokes directly (Lambda Invoke API, `npm run admin`),
 * one per operator registry entry. They are deliberately not behind the API: no
 * route, no resource policy, so only IAM principals allowed `lambda:InvokeFunction`
 * on them can call them.
 */
export class OperatorFunctions extends Construct {
  readonly functions: ReadonlyMap<string, AccountingFunction>;

  constructor(scope: Construct, id: string, props: OperatorFunctionsProps) {
    super(scope, id);
    const functions = new Map<string, AccountingFunction>();
    for (const operator of props.operators) {
      if (functions.has(operator.name)) throw new Error(`Duplicate operator function: ${operator.name}`);
      const handler = new AccountingFunction(
        this,
        constructId(operator.name),
        {
          entry: join(props.bindings.projectRoot, 'functions', 'operator', `${operator.name}.ts`),
          description: operator.description,
          family: operatorFamily,
          stores: operator.stores,
          timeout: operator.timeoutSeconds === undefined ? defaultOperatorTimeout : Duration.seconds(operator.timeoutSeconds),
        },
        props.bindings,
      );
      functions.set(operator.name, handler);
    }
    this.functions = functions;
  }
}
