import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { serviceConfig } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

/** The document client, created once per container on first use (no I/O at import). */
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 4 }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function tableName(): string {
  return serviceConfig().tableName;
}
