import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createExport } from '../../shared/db/exports/export-repository';
import { eventRecordPuts } from '../../shared/db/events/event-repository';
import { putMappingRevision } from '../../shared/db/gl/gl-mapping-repository';
import { dayTotalsItem, dayTotalsTarget } from '../../shared/db/gl/journal-day-totals-repository';
import type { ItemKey } from '../../shared/db/keys';
import { unsharded } from '../../shared/db/shard-layout';
import type { RequestContext } from '../../shared/domain/common-schemas';
import { type AccountingEvent, buildEvent, eventRecordRequest } from '../../shared/domain/events/accounting-event';
import { ledgerEventId } from '../../shared/domain/ledger/ledger-events';
import { type ExportKind, exportCreateRequest, newExport } from '../../shared/domain/exports/export-record';
import type { GlMapping } from '../../shared/domain/gl/gl-mapping';
import type { DayFigures, DayTotalsGroup } from '../../shared/domain/gl/journal-day-totals';
import { newId } from '../../shared/domain/identifiers';
import { unclaimedWorkGraceMs } from '../../shared/exports/build-jobs';
import { batchPutAll } from '../harness/batch-write';

/**
 * The journal section's organisation: a retail ledger of `count` events over
 * ten days from 2027-02-01 (clear of every other section's window), 70%
 * orders taxed by a state and a city in parts of a tenth of a cent (so the
 * rounding line is posted), 25% card tenders and 5% cancellations of earlier
 * orders; and the mapping that posts all of it.
 */
export const journalWindowStart = Date.parse('2027-02-01T00:00:00Z');
export const journalDays = 10;
const dayMs = 86_400_000;

export const benchContext = (orgcode: string): RequestContext => ({ orgcode, actor: 'bench', context_source: 'api_key' });

/** Event `index` of `count`, spread evenly over the window. */
export function journalEvent(orgcode: string, index: number, count: number, recordedAt: Date): AccountingEvent {
  const occurredAt = new Date(journalWindowStart + Math.floor((index * journalDays * dayMs) / count)).toISOString();
  const kind = index % 20;
  const orderOf = (at: number) => `ord_${at}`;
  const request =
    kind === 19
      ? { event_id: ledgerEventId('order.cancelled', orderOf(index - 19)), event_type: 'order.cancelled', source_refs: [{ kind: 'order', id: orderOf(index - 19) }] }
      : kind >= 14
        ? { event_type: 'tender.captured', amount: { currency: 'USD', amount: 20 + (index % 97) }, source_refs: [{ kind: 'tender_method', id: 'card' }] }
        : {
            event_id: ledgerEventId('order.placed', orderOf(index)),
            event_type: 'order.placed',
            channel_code: index % 3 === 0 ? 'web_store' : 'pos',
            amount: { currency: 'USD', amount: 100 + (index % 89) + 0.07 },
            tax_amount: { currency: 'USD', amount: 8.07 },
            tax_jurisdiction_code: 'US-TX',
            tax_components: [
              { jurisdiction_code: 'US-TX', amount: { currency: 'USD', amount: 6.255 } },
              { jurisdiction_code: 'US-TX-AUS', amount: { currency: 'USD', amount: 1.815 } },
            ],
            source_refs: [{ kind: 'order', id: orderOf(index) }],
          };
  const parsed = eventRecordRequest.parse({ ...request, occurred_at: occurredAt, reason: `Bench journal event ${index}`, request_context: benchContext(orgcode) });
  return buildEvent(parsed, { orgcode, requestContext: benchContext(orgcode), now: recordedAt });
}

export function benchMapping(orgcode: string): GlMapping {
  const sale = (ruleId: string, channel: string | undefined, revenue: string) => ({
    rule_id: ruleId,
    event_type: 'order.placed',
    ...(channel && { match: { channel_code: channel } }),
    lines: [
      { side: 'debit' as const, account: '1200', amount: 'gross' as const },
      { side: 'credit' as const, account: revenue, amount: 'net' as const },
      { side: 'credit' as const, account: '2200', amount: 'tax' as const, tax_accounts: { 'US-TX': '2210' } },
    ],
  });
  return {
    orgcode,
    revision: 1,
    effective_from: '2027-01-01',
    rules: [
      sale('sales', undefined, '4000'),
      sale('web-sales', 'web_store', '4010'),
      {
        rule_id: 'tenders',
        event_type: 'tender.captured',
        lines: [
          { side: 'debit', account: '1010', amount: 'gross' },
          { side: 'credit', account: '1200', amount: 'gross' },
        ],
      },
    ],
    rounding_account: '7990',
    created_at: new Date().toISOString(),
    request_context: benchContext(orgcode),
  };
}

/**
 * Seeds the ledger as the service stores it (each event and its copies in the
 * ledger by time and of its type, through BatchWriteItem; lineage links, which
 * neither side reads, left out) and the day totals its transactions would have
 * added up, summed here and put once each; then the mapping. Returns the items written.
 */
export async function seedJournal(client: DynamoDBDocumentClient, table: string, orgcode: string, count: number): Promise<number> {
  const recordedAt = new Date(Date.now() - 60_000);
  const totals = new Map<string, { key: ItemKey; group: DayTotalsGroup; figures: DayFigures }>();
  function* items(): Generator<Record<string, unknown>> {
    for (let index = 0; index < count; index += 1) {
      const event = journalEvent(orgcode, index, count, recordedAt);
      const target = dayTotalsTarget(event, unsharded);
      if (target) {
        const key = `${target.key.pk}\n${target.key.sk}`;
        const sum = totals.get(key) ?? { key: target.key, group: target.group, figures: {} };
        for (const [name, units] of Object.entries(target.figures)) sum.figures[name] = (sum.figures[name] ?? 0n) + units;
        totals.set(key, sum);
      }
      for (const put of eventRecordPuts(event, unsharded)) if (put.item.record_type === 'event') yield put.item;
    }
  }
  let written = await batchPutAll(client, table, items());
  written += await batchPutAll(client, table, [...totals.values()].map(({ key, group, figures }) => dayTotalsItem(key, group, figures)).values());
  await putMappingRevision(benchMapping(orgcode), undefined);
  return written + 1;
}

/** A pending export of the first `days` days of the window, stored as /export/create stores it, not started. */
export async function pendingExport(orgcode: string, kind: ExportKind, days: number): Promise<string> {
  const now = new Date();
  const { idempotency_key: _key, request_context: _declared, ...request } = exportCreateRequest.parse({
    from_utc: new Date(journalWindowStart).toISOString(),
    to_utc: new Date(journalWindowStart + days * dayMs).toISOString(),
    export_kind: kind,
    reason: `Bench ${kind} export of ${days} days`,
    source_refs: [],
    request_context: benchContext(orgcode),
  });
  const record = newExport(request, { exportId: newId('exp', now), orgcode, requestContext: benchContext(orgcode), now, mappingRevision: 1 });
  await createExport(record, new Date(now.getTime() + unclaimedWorkGraceMs));
  return record.export_id;
}
