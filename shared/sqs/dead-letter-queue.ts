import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { serviceConfig } from '../config';
import { fencedClient } from '../lambda/invocation-fence';

let client: SQSClient | undefined;

/**
 * Puts `body` in the consumers' dead-letter queue (DEAD_LETTER_QUEUE_URL), as
 * a failure destination would. The client is created on first use; the
 * endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local stack's queue).
 */
export async function sendDeadLetter(body: string): Promise<string | undefined> {
  const queueUrl = serviceConfig().deadLetterQueueUrl;
  if (!queueUrl) throw new Error('DEAD_LETTER_QUEUE_URL is not set: this function sends its own dead letters');
  client ??= fencedClient(new SQSClient({ maxAttempts: 4 }));
  const { MessageId } = await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
  return MessageId;
}
