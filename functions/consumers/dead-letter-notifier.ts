import { invocationRecord } from '../../shared/domain/invocation-record';
import { notifyDeadLetter } from '../../shared/inbox/dead-letter-notices';
import { payloadHandler } from '../../shared/lambda/payload-handler';

export const handler = payloadHandler(invocationRecord, (record) => notifyDeadLetter(record, new Date()));
