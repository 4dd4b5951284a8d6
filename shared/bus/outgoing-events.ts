import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { serviceConfig } from '../config';
import { fencedClient } from '../invocation-fence';
import type { OutgoingEvent } from '../domain/outgoing-event';

/** `source` of every event the service publishes (docs/decisions.md: Platform events). */
export const serviceEventSource = 'accounting';

let client: EventBridgeClient | undefined;

/** The EventBridge client, created once per container on first use. */
export function eventBridge(): EventBridgeClient {
  client ??= fencedClient(new EventBridgeClient({ maxAttempts: 4 }));
  return client;
}

/** Publishes to the service's bus; throws unless EventBridge accepted every entry. */
export async function publishEvents(events: OutgoingEvent[]): Promise<void> {
  const { FailedEntryCount, Entries } = await eventBridge().send(
    new PutEventsCommand({
      Entries: events.map((event) => ({
        EventBusName: serviceConfig().eventBusName,
        Source: serviceEventSource,
        DetailType: event.detailType,
        Detail: JSON.stringify(event.detail),
      })),
    }),
  );
  if (FailedEntryCount) {
    const reasons = (Entries ?? []).filter((entry) => entry.ErrorCode).map((entry) => `${entry.ErrorCode}: ${entry.ErrorMessage}`);
    throw new Error(`EventBridge refused ${FailedEntryCount} event(s): ${reasons.join('; ')}`);
  }
}
