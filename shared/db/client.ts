import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { serviceConfig } from '../config';
import { fencedClient } from '../invocation-fence';
import { transientWriteRetry } from './transient-write-retry';

let documentClient: DynamoDBDocumentClient | undefined;

/** The document client, created once per container on first use (no I/O at import). */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = new DynamoDBClient({ maxAttempts: 4 });
    // Outermost, so each attempt goes through the SDK's own retries of throttled single calls again.
    client.middlewareStack.add(transientWriteRetry, { step: 'initialize', priority: 'high', name: 'transientWriteRetry' });
    documentClient = fencedClient(DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }));
  }
  return documentClient;
}

export function tableName(): string {
  return serviceConfig().tableName;
}
