import { S3ServiceException } from '@aws-sdk/client-s3';
import type { MiddlewareStack } from '@smithy/types';
import type { AwsLike } from './aws-like';

/** The calls that write an object: a single put, and each step of a multipart upload. */
const objectWrites = new Set(['PutObjectCommand', 'CreateMultipartUploadCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);

const middlewareName = 'awsLikeObjectWriteSlowDown';

/**
 * Attaches the mode's S3 fault to the service's S3 client (`s3()`, shared by
 * every handler of the process), and returns the detach. The local stack calls
 * it; nothing in a Lambda bundle imports this file.
 *
 * `objectWriteSlowDownRate` of the object-write attempts are answered 503
 * SlowDown, as S3 answers a spike of requests on a prefix, below the SDK's
 * retry middleware: the SDK retries it as throttling, with backoff, up to the
 * client's attempts, and past them the caller meets the error as it would on AWS.
 */
export function attachAwsLikeS3(client: { middlewareStack: MiddlewareStack<any, any> }, mode: AwsLike): () => void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (objectWrites.has(context.commandName ?? '') && mode.draw('objectWrites') < mode.options.objectWriteSlowDownRate) {
        mode.counts.objectWritesSlowedDown += 1;
        throw new S3ServiceException({
          name: 'SlowDown',
          $fault: 'server',
          message: 'Please reduce your request rate.',
          $metadata: { httpStatusCode: 503 },
        });
      }
      return next(args);
    },
    // After the SDK's retry middleware (finalizeRequest, high): each attempt the SDK makes may be refused.
    { step: 'finalizeRequest', priority: 'low', name: middlewareName },
  );
  return () => {
    client.middlewareStack.remove(middlewareName);
  };
}
