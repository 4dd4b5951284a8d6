import { randomUUID } from 'node:crypto';
import type { AwsApi, AwsApiRequest, AwsApiResponse } from './aws-api-server';
import { localAccountId, localRegion } from './environment';

/** EventBridge refuses a PutEvents request above 256 KB, and more than 10 entries. */
export const putEventsLimitBytes = 256 * 1024;
const maxEntries = 10;

/** An event as EventBridge delivers it to a rule's target. */
export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
  /** The bus it was put on (not part of the delivered shape; kept for local listeners). */
  eventBusName: string;
}

export type BusListener = (event: BusEvent) => void;

export interface LocalEventBus {
  api: AwsApi;
  /** Calls `listener` with every event put on the bus from now on; returns the unsubscribe. */
  subscribe(listener: BusListener): () => void;
}

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

const jsonError = (statusCode: number, type: string, message: string): AwsApiResponse => ({
  statusCode,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({ __type: type, message }),
});

/**
 * The EventBridge PutEvents API (JSON 1.1, `X-Amz-Target: AWSEvents.PutEvents`)
 * for the local stack, so `@aws-sdk/client-eventbridge` with an endpoint
 * override publishes here exactly as to AWS. Entries are checked as
 * EventBridge checks them (a bad entry fails alone, reported in `Entries`), and
 * each accepted event reaches the subscribers.
 */
export function localEventBus(options: { log?: (line: string) => void } = {}): LocalEventBus {
  const listeners = new Set<BusListener>();

  function accept(entry: PutEventsEntry): { EventId: string } | { ErrorCode: string; ErrorMessage: string } {
    if (typeof entry.Source !== 'string' || entry.Source === '') {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter Source is not valid. Reason: Source is a required argument.' };
    }
    if (typeof entry.DetailType !== 'string' || entry.DetailType === '') {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter DetailType is not valid. Reason: DetailType is a required argument.' };
    }
    let detail: unknown;
    try {
      detail = JSON.parse(typeof entry.Detail === 'string' ? entry.Detail : '');
    } catch {
      return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
    }
    if (!detail || typeof detail !== 'object' || Array.isArray(detail)) {
      return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
    }
    const event: BusEvent = {
      version: '0',
      id: randomUUID(),
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: localAccountId,
      time: new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: localRegion,
      resources: Array.isArray(entry.Resources) ? entry.Resources.map(String) : [],
      detail,
      eventBusName: typeof entry.EventBusName === 'string' && entry.EventBusName ? entry.EventBusName : 'default',
    };
    options.log?.(`event ${event.source} ${event['detail-type']} ${JSON.stringify(event.detail)}`);
    for (const listener of listeners) listener(event);
    return { EventId: event.id };
  }

  async function handle(request: AwsApiRequest): Promise<AwsApiResponse> {
    let body: { Entries?: unknown };
    try {
      body = JSON.parse(request.body.toString('utf8')) as { Entries?: unknown };
    } catch {
      return jsonError(400, 'SerializationException', 'Request body is not valid JSON');
    }
    const entries = body.Entries;
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > maxEntries) {
      return jsonError(400, 'ValidationException', `Entries must hold 1 to ${maxEntries} entries`);
    }
    const results = entries.map((entry) => accept((entry ?? {}) as PutEventsEntry));
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length,
        Entries: results,
      }),
    };
  }

  return {
    api: {
      name: 'EventBridge',
      bodyLimitBytes: putEventsLimitBytes,
      matches: (request) => request.method === 'POST' && request.headers['x-amz-target'] === 'AWSEvents.PutEvents',
      handle,
      payloadTooLarge: () => jsonError(413, 'ValidationException', `Total size of the entries exceeds ${putEventsLimitBytes} bytes`),
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
