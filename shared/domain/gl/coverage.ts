import * as z from 'zod/mini';
import { builtOnFirstUse, instant } from '../common-schemas';
import type { MappedEvent, UnmappedSubject } from './journal-mapper';

/** Event ids a coverage report names per unmapped group, at the most. */
export const unmappedIdsShown = 10;

const nullableText = z.nullable(z.string());

export const coverageReport = builtOnFirstUse(() =>
  z.object({
    from_utc: instant,
    to_utc: instant,
    events: z.int(),
    mapped: z.int(),
    unmapped: z.array(
      z.object({
        event_type: z.string(),
        match: z.object({ channel_code: nullableText, cccode: nullableText, logical_guid: nullableText, currency: nullableText }),
        count: z.int(),
        event_ids: z.array(z.string()),
      }),
    ),
  }),
);
export type CoverageReport = z.infer<typeof coverageReport>;
type UnmappedGroup = CoverageReport['unmapped'][number];

/**
 * What a journal of a window would map (docs/decisions.md: General ledger
 * journal, coverage): every event counted, mapped or not, and what no rule
 * maps grouped by what a rule is matched on (type, channel, cost centre,
 * facility, currency), with the first event ids of each group, so a mapping
 * can be completed before the export.
 */
export class CoverageTally {
  private events = 0;
  private mapped = 0;
  private readonly unmapped = new Map<string, UnmappedGroup>();

  add(eventId: string, mapped: MappedEvent): void {
    this.events += 1;
    if (!('unmapped' in mapped)) {
      this.mapped += 1;
      return;
    }
    const key = JSON.stringify(groupKey(mapped.unmapped));
    let group = this.unmapped.get(key);
    if (!group) this.unmapped.set(key, (group = { ...mapped.unmapped, count: 0, event_ids: [] }));
    group.count += 1;
    if (group.event_ids.length < unmappedIdsShown) group.event_ids.push(eventId);
  }

  report(window: { from_utc: string; to_utc: string }): CoverageReport {
    const unmapped = [...this.unmapped.values()].sort((a, b) => b.count - a.count || compare(groupKey(a), groupKey(b)));
    return { ...window, events: this.events, mapped: this.mapped, unmapped };
  }
}

const groupKey = (subject: UnmappedSubject) => [subject.event_type, ...Object.values(subject.match).map((value) => value ?? '')];

function compare(a: string[], b: string[]): number {
  const left = a.join('\n');
  const right = b.join('\n');
  return left < right ? -1 : left > right ? 1 : 0;
}
