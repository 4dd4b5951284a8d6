import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { storedPayloadPrefix } from '../shared/s3/stored-payloads';

/**
 * Lets `fn` keep a failed batch too large for Lambda's failure record
 * (shared/lambda/oversized-failure.ts): it writes and reads the stored batches'
 * prefix of the bucket, nothing else of it, and sends to the dead-letter queue
 * it is told of (the grant its on-failure destination already holds: sqs:SendMessage
 * on that queue only); it neither lists, deletes, nor receives.
 */
export function grantStoredFailures(fn: lambda.Function, bucket: s3.IBucket, deadLetterQueue: sqs.IQueue): void {
  fn.addEnvironment('BUCKET_NAME', bucket.bucketName);
  fn.addEnvironment('DEAD_LETTER_QUEUE_URL', deadLetterQueue.queueUrl);
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [bucket.arnForObjects(`${storedPayloadPrefix}*`)] }));
  if (!fn.role) throw new Error(`${fn.node.path} has no role to grant`);
  NagSuppressions.addResourceSuppressions(
    fn.role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason: `Stored batches are named by their SHA-256 at run time: ${storedPayloadPrefix}* is the narrowest resource, with only PutObject and GetObject on it.`,
        appliesTo: [{ regex: '/^Resource::.*\\/system\\/failed-log-batches\\/\\*$/g' }],
      },
    ],
    true,
  );
}
