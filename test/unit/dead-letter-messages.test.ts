import { readDeadLetter, summaryOf } from '../../shared/operators/dead-letter-messages';
import { lambdaEntryReach } from '../support/lambda-entries';

/**
 * The three ways a message reaches the consumers' dead-letter queue
 * (lib/event-consumers.ts), read into one dead letter: what failed, on which
 * event, why, and what a redrive invokes with what.
 */

const consumerArn = 'arn:aws:lambda:eu-west-1:123456789012:function:AccountingService-prod-TenderCapturedLedger-Ab12:$LATEST';
const event = {
  version: '0',
  id: '6f1c2f8e-5a8e-4a0e-9a53-2d8c1d1f0b7e',
  'detail-type': 'tender.captured',
  source: 'retail.payments',
  account: '123456789012',
  time: '2026-11-03T09:30:05Z',
  region: 'eu-west-1',
  resources: [],
  detail: { orgcode: 'ACME', tender_id: 'tnd_1' },
};
const consumerRecord = {
  version: '1.0',
  timestamp: '2026-11-03T09:33:07.125Z',
  requestContext: { requestId: 'r-1', functionArn: consumerArn, condition: 'RetriesExhausted', approximateInvokeCount: 3 },
  requestPayload: event,
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  responsePayload: { errorType: 'AccessDeniedException', errorMessage: 'not authorized', trace: ['at handler'] },
};
const { requestPayload: _event, ...consumerInvocation } = consumerRecord;
const received = { MessageId: 'm-1', Attributes: { ApproximateReceiveCount: '2', SentTimestamp: '1793698390000' } };

describe('reading a dead letter', () => {
  it("unwraps the notifier's record to the consumer's record and the event inside it", () => {
    const notifierRecord = {
      version: '1.0',
      timestamp: '2026-11-03T09:33:07.900Z',
      requestContext: {
        requestId: 'r-2',
        functionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:AccountingService-prod-DeadLetterNotifier-Cd34:$LATEST',
        condition: 'Success',
        approximateInvokeCount: 1,
      },
      requestPayload: consumerRecord,
      responseContext: { statusCode: 200, executedVersion: '$LATEST' },
      responsePayload: { notified: true },
    };
    const { requestPayload: _record, ...notifierInvocation } = notifierRecord;

    const deadLetter = readDeadLetter({ ...received, Body: JSON.stringify(notifierRecord) });

    expect(deadLetter).toEqual({
      id: 'm-1',
      failed_at: '2026-11-03T09:33:07.125Z',
      consumer: 'AccountingService-prod-TenderCapturedLedger-Ab12',
      event_id: event.id,
      detail_type: 'tender.captured',
      orgcode: 'ACME',
      error_type: 'AccessDeniedException',
      error_message: 'not authorized',
      receive_count: 2,
      arrived_by: 'notifier',
      function_arn: consumerArn,
      attempts: 3,
      event,
      consumer_invocation: consumerInvocation,
      notifier_invocation: notifierInvocation,
      message_attributes: {},
    });
    expect(summaryOf(deadLetter)).toEqual({
      id: 'm-1',
      failed_at: '2026-11-03T09:33:07.125Z',
      consumer: 'AccountingService-prod-TenderCapturedLedger-Ab12',
      event_id: event.id,
      detail_type: 'tender.captured',
      orgcode: 'ACME',
      error_type: 'AccessDeniedException',
      error_message: 'not authorized',
      receive_count: 2,
      arrived_by: 'notifier',
    });
  });

  it("reads a consumer's own record, sent straight to the queue", () => {
    expect(readDeadLetter({ ...received, Body: JSON.stringify(consumerRecord) })).toMatchObject({
      arrived_by: 'consumer',
      consumer: 'AccountingService-prod-TenderCapturedLedger-Ab12',
      function_arn: consumerArn,
      event,
      consumer_invocation: consumerInvocation,
      notifier_invocation: null,
    });
  });

  it('names the condition of an event that waited too long to run at all, which carries no error', () => {
    const expired = {
      ...consumerRecord,
      requestContext: { ...consumerRecord.requestContext, condition: 'EventAgeExceeded', approximateInvokeCount: 0 },
      responsePayload: undefined,
    };

    expect(readDeadLetter({ ...received, Body: JSON.stringify(expired) })).toMatchObject({
      error_type: 'EventAgeExceeded',
      error_message: null,
      attempts: 0,
      event,
    });
  });

  it("reads a rule's dead letter: the event as the body, the reason and the target as attributes", () => {
    const targetArn = 'arn:aws:lambda:eu-west-1:123456789012:function:AccountingService-prod-TenderCapturedLedger-Ab12';
    const attribute = (StringValue: string) => ({ DataType: 'String', StringValue });

    const deadLetter = readDeadLetter({
      ...received,
      Body: JSON.stringify(event),
      MessageAttributes: {
        RULE_ARN: attribute('arn:aws:events:eu-west-1:123456789012:rule/TenderCapturedLedgerRule'),
        TARGET_ARN: attribute(targetArn),
        ERROR_CODE: attribute('SDK_CLIENT_ERROR'),
        ERROR_MESSAGE: attribute('Unable to invoke Lambda function'),
        RETRY_ATTEMPTS: attribute('185'),
      },
    });

    expect(deadLetter).toMatchObject({
      arrived_by: 'rule',
      failed_at: new Date(1793698390000).toISOString(),
      consumer: 'AccountingService-prod-TenderCapturedLedger-Ab12',
      function_arn: targetArn,
      event_id: event.id,
      orgcode: 'ACME',
      error_type: 'SDK_CLIENT_ERROR',
      error_message: 'Unable to invoke Lambda function',
      attempts: 185,
      event,
      consumer_invocation: null,
      notifier_invocation: null,
    });
    expect(deadLetter.message_attributes).toMatchObject({ TARGET_ARN: targetArn, ERROR_CODE: 'SDK_CLIENT_ERROR' });
  });

  it('keeps a message it cannot read, naming no function to redrive it to', () => {
    expect(readDeadLetter({ ...received, Body: 'not json' })).toMatchObject({
      arrived_by: 'unreadable',
      consumer: null,
      function_arn: null,
      event_id: null,
      error_type: null,
      event: 'not json',
    });
  });
});

describe('the dead-letter commands', () => {
  it('are imported by no Lambda entry; the SQS client only by the one sender of a function\'s own dead letters', async () => {
    const { inputs, imports } = await lambdaEntryReach();

    expect(inputs).toContain('functions/consumers/dead-letter-notifier.ts');
    expect(inputs.filter((file) => file.startsWith('shared/operators/dead-letter'))).toEqual([]);
    // The usage meter aggregator sends the pointer of a batch too large for Lambda's failure record (shared/lambda/oversized-failure.ts).
    expect(inputs).toContain('shared/sqs/dead-letter-queue.ts');
    expect(imports.filter((path) => path.startsWith('@aws-sdk/client-sqs'))).toEqual(['@aws-sdk/client-sqs']);
  });
});
