import type { EventPattern } from './consumer-registry';

/** The fields of an event a rule's pattern reads. */
export interface PatternFields {
  source: string;
  'detail-type': string;
}

/**
 * Whether an EventBridge rule with `pattern` matches `event`: every field of the
 * pattern must match, and a field matches when the event's value equals one of
 * the listed values exactly (case-sensitive, no prefix or wildcard). The local
 * bus routes with this, so a pattern behaves locally as the deployed rule does.
 * EventBridge refuses a rule with an empty list, so an empty list matches nothing.
 */
export function matchesPattern(pattern: EventPattern, event: PatternFields): boolean {
  return pattern.source.includes(event.source) && pattern['detail-type'].includes(event['detail-type']);
}
