import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { StoreAccess } from '../shared/routes/route-definition';
import { constructId } from './construct-id';
import type { DataStore } from './data-store';

/**
 * Execution roles shared by the functions of one family that touch the stores in
 * the same way.
 *
 * Why share: CloudFormation allows 500 resources per stack. A role of its own
 * would cost every function two resources (AWS::IAM::Role and its
 * AWS::IAM::Policy); ~55 routes would spend 110 of the 500 on roles alone. Shared
 * per family and access, roles cost two resources per (family, access) pair,
 * whatever the number of routes (test/cdk checks the budget).
 *
 * Why not one role per family: a family mixes readers and writers (event/get and
 * event/record), and a reader must not hold write rights it does not use. So the
 * key is the family plus its exact `stores`, and each role is granted exactly
 * those stores and nothing else.
 */
export class FunctionRoles extends Construct {
  private readonly dataStore: DataStore;
  private readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, props: { dataStore: DataStore }) {
    super(scope, id);
    this.dataStore = props.dataStore;
  }

  /** The role of `family` for functions with this store access, created on first use. */
  roleFor(family: string, stores: StoreAccess): iam.IRole {
    const profile = accessProfile(stores);
    const key = `${family}-${profile}`;
    const existing = this.roles.get(key);
    if (existing) return existing;

    const role = new iam.Role(this, constructId(key), {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Accounting ${family} functions: ${profile.replace(/-/g, ' ')}`,
    });
    const { table, bucket } = this.dataStore;
    table.grant(role, ...(stores.table === 'write' ? tableWriteActions : tableReadActions));
    if (stores.bucket === 'write') bucket.grantReadWrite(role);
    else if (stores.bucket === 'read') bucket.grantRead(role);

    this.roles.set(key, role);
    return role;
  }

  /** Every role created so far, by `<family>-<access profile>` key. */
  get all(): ReadonlyMap<string, iam.IRole> {
    return this.roles;
  }
}

/**
 * Table actions by access, listed rather than taken from grantReadData, which
 * would also allow Scan: no request path may scan the table.
 */
const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const tableWriteActions = [...tableReadActions, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** `table-read`, `table-write-bucket-read`, ...: the part of a role's key that names its grants. */
export function accessProfile(stores: StoreAccess): string {
  return stores.bucket ? `table-${stores.table}-bucket-${stores.bucket}` : `table-${stores.table}`;
}
