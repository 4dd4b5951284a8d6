import { failedInvocationRecord, notifyDeadLetter } from '../../shared/inbox/dead-letter-notices';
import { payloadHandler } from '../../shared/lambda/payload-handler';

export const handler = payloadHandler(failedInvocationRecord, (record) => notifyDeadLetter(record, new Date()));
