import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { CredentialKind } from '../../domain/auth/credential-secret';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { withoutStorageAttributes } from '../item';
import { conditionalPut } from '../own-write';
import { queryAll } from '../query-page';

export interface CredentialRecord {
  fingerprint: string;
  kind: CredentialKind;
  orgcode: string;
  actor: string;
  roles: string[];
  owner: boolean;
  status: 'active' | 'revoked';
  created_at: string;
  expires_at: string;
  revoked_at?: string;
}

export async function putCredential(record: CredentialRecord): Promise<void> {
  await conditionalPut({
    TableName: tableName(),
    Item: {
      ...keys.credential(record.orgcode, record.fingerprint),
      record_type: 'credential',
      ...record,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** Consistent read, so a revocation takes effect on the very next call. */
export async function findCredential(orgcode: string, fingerprint: string): Promise<CredentialRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.credential(orgcode, fingerprint),
      ConsistentRead: true,
    }),
  );
  return Item ? withoutStorageAttributes<CredentialRecord>(Item) : undefined;
}

/** Marks a credential revoked; returns undefined when the org has no such credential. */
export async function revokeCredential(
  orgcode: string,
  fingerprint: string,
  revokedAt: string,
): Promise<CredentialRecord | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credential(orgcode, fingerprint),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET #status = :revoked, revoked_at = if_not_exists(revoked_at, :at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'revoked', ':at': revokedAt },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? withoutStorageAttributes<CredentialRecord>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export async function listCredentials(orgcode: string): Promise<CredentialRecord[]> {
  const records: CredentialRecord[] = [];
  const items = queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.credentialPartition(orgcode) } });
  for await (const item of items) records.push(withoutStorageAttributes<CredentialRecord>(item));
  return records;
}
