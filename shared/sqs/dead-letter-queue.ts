import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { serviceConfig } from '../config';
import { fencedClient } from '../invocation-fence';

let client: SQSClient | undefined;

/** The SQS client, created once per container on first use; the endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local stack's queue). */
export function sqs(): SQSClient {
  client ??= fencedClient(new SQSClient({ maxAttempts: 4 }));
  return client;
}

/** Puts `body` in the consumers' dead-letter queue (DEAD_LETTER_QUEUE_URL), as a failure destination would. */
export async function sendDeadLetter(body: string): Promise<string | undefined> {
  const queueUrl = serviceConfig().deadLetterQueueUrl;
  if (!queueUrl) throw new Error('DEAD_LETTER_QUEUE_URL is not set: this function sends its own dead letters');
  const { MessageId } = await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
  return MessageId;
}
