import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { OperatorFunctionDefinition } from '../shared/routes/operator-registry';
import type { RouteDefinition } from '../shared/routes/route-definition';
import type { BuildInfo } from './build-info';
import { constructId } from './construct-id';
import { DataStore } from './data-store';
import { FunctionRoles } from './function-roles';
import { AccountingHttpApi } from './http-api';
import { OperatorFunctions } from './operator-functions';
import { TokenSigningKey } from './token-signing-key';

export interface AccountingStackProps extends StackProps {
  /** Folder holding package.json, package-lock.json and `functions/`. */
  projectRoot: string;
  build: BuildInfo;
  /** The HTTP route registry (shared/routes/registry.ts). */
  routes: readonly RouteDefinition[];
  /** The operator function registry (shared/routes/operator-registry.ts). */
  operators: readonly OperatorFunctionDefinition[];
}

/**
 * The accounting service in one stack. It only composes; each concern is a construct.
 *
 * Resource budget (CloudFormation allows 500 per stack). A route costs 5
 * resources: function, log group, API route, API integration, invoke permission.
 * Roles cost 2 (role and policy) per family and store access, not per function
 * (FunctionRoles). Everything else is fixed: table, bucket and its TLS policy,
 * secret, API and stage, operator functions, CDK metadata (9 today). At 55 routes:
 * 9 + 55 x 5 + at most 13 families x 3 access profiles x 2 = 362, leaving ~140 for
 * event consumers and schedules. test/cdk measures these numbers and asserts the
 * projection; if it ever fails, move a family into a nested stack.
 */
export class AccountingStack extends Stack {
  readonly dataStore: DataStore;
  readonly tokenSigningKey: TokenSigningKey;
  readonly roles: FunctionRoles;
  readonly httpApi: AccountingHttpApi;
  readonly operatorFunctions: OperatorFunctions;

  constructor(scope: Construct, id: string, props: AccountingStackProps) {
    super(scope, id, props);

    this.dataStore = new DataStore(this, 'DataStore');
    this.tokenSigningKey = new TokenSigningKey(this, 'TokenSigningKey');
    this.roles = new FunctionRoles(this, 'FunctionRoles', { dataStore: this.dataStore });
    const bindings = {
      projectRoot: props.projectRoot,
      dataStore: this.dataStore,
      roles: this.roles,
      tokenSigningKey: this.tokenSigningKey.environmentValue,
      build: props.build,
    };
    this.httpApi = new AccountingHttpApi(this, 'HttpApi', { routes: props.routes, bindings });
    this.operatorFunctions = new OperatorFunctions(this, 'OperatorFunctions', {
      operators: props.operators,
      bindings,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.url, description: 'Routes are POST <ApiUrl><route path>, e.g. <ApiUrl>/event/get' });
    new CfnOutput(this, 'TableName', { value: this.dataStore.table.tableName });
    new CfnOutput(this, 'ExportBucketName', { value: this.dataStore.bucket.bucketName });
    for (const [name, operator] of this.operatorFunctions.functions) {
      new CfnOutput(this, `${constructId(name)}FunctionName`, {
        value: operator.function.functionName,
        description: `Operator function ${name} (invoke directly)`,
      });
    }
  }
}
