import { type GlMapping, type MappingRule, mappingForDay, ruleFor } from '../../shared/domain/gl/gl-mapping';
import { postingDay } from '../../shared/domain/gl/gl-period';
import { type JournalEvent, isBalanced, roundedMinorUnits } from '../../shared/domain/gl/journal-entry';
import { JournalMapper } from '../../shared/domain/gl/journal-mapper';
import { journalFileHeader, journalRecords } from '../../shared/domain/gl/journal-files';
import { ledgerEventId } from '../../shared/domain/ledger/ledger-events';
import { mappingRequest } from '../support/fixtures/gl';

const rules = mappingRequest().rules as MappingRule[];

function mapping(overrides: Partial<GlMapping> = {}): GlMapping {
  return {
    orgcode: 'ACME',
    revision: 1,
    effective_from: '2026-01-01',
    rules,
    rounding_account: '7990',
    created_at: '2026-01-01T00:00:00.000Z',
    request_context: { orgcode: 'ACME', actor: 'controller', context_source: 'session' },
    ...overrides,
  };
}

function order(overrides: Partial<JournalEvent> = {}): JournalEvent {
  return {
    event_id: ledgerEventId('order.placed', 'ord_1'),
    event_type: 'order.placed',
    occurred_at: '2026-11-20T10:00:00.000Z',
    recorded_at: '2026-11-20T10:00:01.000Z',
    amount: { currency: 'USD', amount: 10.83 },
    tax_amount: { currency: 'USD', amount: 0.83 },
    tax_jurisdiction_code: 'US-TX',
    tax_components: [
      { jurisdiction_code: 'US-TX', amount: { currency: 'USD', amount: 0.415 } },
      { jurisdiction_code: 'US-TX-AUS', amount: { currency: 'USD', amount: 0.415 } },
    ],
    source_refs: [{ kind: 'order', id: 'ord_1' }],
    ...overrides,
  };
}

const entryOf = (mapper: JournalMapper, event: JournalEvent, orderEvent?: JournalEvent) => {
  const mapped = mapper.map(event, orderEvent);
  if (!('entry' in mapped) || !mapped.entry) throw new Error(`not an entry: ${JSON.stringify(mapped)}`);
  return mapped.entry;
};

describe('journal entries', () => {
  it('posts an order taxed in two jurisdictions, each part rounded on its own, the remainder on the rounding account', () => {
    const entry = entryOf(new JournalMapper('ACME', [mapping()], []), order());
    expect(entry).toMatchObject({ entry_kind: 'post', currency: 'USD', posting_date: '2026-11-20', occurred_on: '2026-11-20', rule_id: 'sales', mapping_revision: 1 });
    expect(entry.lines.map(({ side, account, amount, tax_jurisdiction_code, rounding }) => ({ side, account, amount, tax_jurisdiction_code, rounding }))).toEqual([
      { side: 'debit', account: '1200', amount: 10.83, tax_jurisdiction_code: undefined, rounding: undefined },
      { side: 'credit', account: '4000', amount: 10, tax_jurisdiction_code: undefined, rounding: undefined },
      { side: 'credit', account: '2210', amount: 0.42, tax_jurisdiction_code: 'US-TX', rounding: undefined },
      { side: 'credit', account: '2200', amount: 0.42, tax_jurisdiction_code: 'US-TX-AUS', rounding: undefined },
      { side: 'debit', account: '7990', amount: 0.01, tax_jurisdiction_code: undefined, rounding: true },
    ]);
    expect(entry.lines.map((line) => line.line_no)).toEqual([1, 2, 3, 4, 5]);
    expect(isBalanced(entry)).toBe(true);
  });

  it('rounds half away from zero, so a refund mirrors its sale, and flips a negative line to the other side', () => {
    expect([0.005, -0.005, 0.0049, 1.115, 10].map((value) => roundedMinorUnits(value, 'USD'))).toEqual([1n, -1n, 0n, 112n, 1000n]);
    expect(roundedMinorUnits(1.5, 'JPY')).toBe(2n);
    const refund = entryOf(new JournalMapper('ACME', [mapping()], []), order({ amount: { currency: 'USD', amount: -5 }, tax_amount: undefined, tax_components: undefined }));
    expect(refund.lines.map(({ side, account, amount }) => [side, account, amount])).toEqual([
      ['credit', '1200', 5],
      ['debit', '4000', 5],
    ]);
  });

  it('takes the most specific matching rule, then the first listed, under the latest revision effective on the day', () => {
    const channel = { event_type: 'order.placed', channel_code: 'web_store', currency: 'USD' };
    expect(ruleFor(rules, channel)?.rule_id).toBe('web-sales');
    expect(ruleFor(rules, { ...channel, channel_code: 'pos' })?.rule_id).toBe('sales');
    const narrower = { ...rules[1]!, rule_id: 'web-usd', match: { channel_code: 'web_store', currency: 'USD' } };
    const twin = { ...rules[1]!, rule_id: 'web-twin' };
    expect(ruleFor([rules[1]!, twin, narrower], channel)?.rule_id).toBe('web-usd');
    expect(ruleFor([twin, rules[1]!], channel)?.rule_id).toBe('web-twin');
    expect(ruleFor(rules, { event_type: 'invoice.issued' })).toBeUndefined();

    const revisions = [mapping(), mapping({ revision: 2, effective_from: '2026-12-01' }), mapping({ revision: 3, effective_from: '2026-11-15' })];
    expect(mappingForDay(revisions, '2026-11-14')?.revision).toBe(1);
    expect(mappingForDay(revisions, '2026-11-20')?.revision).toBe(3);
    expect(mappingForDay(revisions, '2026-12-02')?.revision).toBe(3);
    expect(mappingForDay(revisions, '2025-12-31')).toBeUndefined();
  });

  it('reverses the order on the day of its cancellation, and leaves unmapped what nothing can post', () => {
    const mapper = new JournalMapper('ACME', [mapping()], []);
    const placed = entryOf(mapper, order());
    const cancellation: JournalEvent = {
      event_id: ledgerEventId('order.cancelled', 'ord_1'),
      event_type: 'order.cancelled',
      occurred_at: '2026-11-22T08:00:00.000Z',
      recorded_at: '2026-11-22T08:00:00.000Z',
      source_refs: [{ kind: 'order', id: 'ord_1' }],
    };
    const reversal = entryOf(mapper, cancellation, order());
    expect(reversal).toMatchObject({
      entry_kind: 'reversal',
      reverses_entry_id: placed.entry_id,
      source_event_ids: [cancellation.event_id, placed.source_event_ids[0]],
      posting_date: '2026-11-22',
      occurred_on: '2026-11-22',
      rule_id: 'sales',
    });
    expect(reversal.lines).toEqual(placed.lines.map((line) => ({ ...line, side: line.side === 'debit' ? 'credit' : 'debit' })));

    expect(mapper.map(cancellation, undefined)).toEqual({ unmapped: { event_type: 'order.cancelled', match: { channel_code: null, cccode: null, logical_guid: null, currency: null } } });
    expect(mapper.map(order({ event_type: 'invoice.issued', channel_code: 'pos' }))).toEqual({
      unmapped: { event_type: 'invoice.issued', match: { channel_code: 'pos', cccode: null, logical_guid: null, currency: 'USD' } },
    });
    expect('unmapped' in mapper.map(order({ tax_amount: { currency: 'EUR', amount: 1 } }))).toBe(true);
    expect('unmapped' in new JournalMapper('ACME', [mapping({ effective_from: '2026-12-01' })], []).map(order())).toBe(true);
    expect(mapper.map(order({ amount: { currency: 'USD', amount: 0.001 }, tax_amount: undefined }))).toEqual({ entry: undefined });
  });

  it('keeps an entry id for the same event and lines, whatever the revision or posting day', () => {
    const before = entryOf(new JournalMapper('ACME', [mapping()], []), order());
    const after = entryOf(new JournalMapper('ACME', [mapping(), mapping({ revision: 2, effective_from: '2026-11-01' })], ['2026-11']), order());
    expect(after).toMatchObject({ mapping_revision: 2, posting_date: '2026-12-01', occurred_on: '2026-11-20' });
    expect(after.entry_id).toBe(before.entry_id);
    const changedRules = rules.map((rule) => (rule.rule_id === 'sales' ? { ...rule, lines: rule.lines.map((line) => (line.amount === 'net' ? { ...line, account: '4001' } : line)) } : rule));
    const changed = entryOf(new JournalMapper('ACME', [mapping({ rules: changedRules })], []), order());
    expect(changed.entry_id).not.toBe(before.entry_id);
    expect(before.entry_id).toMatch(/^gle_[0-9a-f]{32}$/);
  });

  it('posts an entry of a closed period on the first day of the next open one', () => {
    expect(postingDay('2026-11-20', new Set())).toBe('2026-11-20');
    expect(postingDay('2026-11-20', new Set(['2026-11']))).toBe('2026-12-01');
    expect(postingDay('2026-11-20', new Set(['2026-11', '2026-12']))).toBe('2027-01-01');
    expect(postingDay('2026-12-20', new Set(['2026-11']))).toBe('2026-12-20');
  });
});

describe('journal files', () => {
  it('writes an entry as one canonical JSON line, or as NetSuite rows sharing its External ID with fixed decimals', () => {
    const entry = entryOf(new JournalMapper('ACME', [mapping()], []), order({ channel_code: 'pos', cccode: 'ABCD-1234-EF56', tax_components: undefined }));
    const json = journalRecords(entry, 'jsonl');
    expect(json).toMatchObject({ records: 1, journalLines: entry.lines.length });
    expect(JSON.parse(json.text)).toEqual(entry);
    expect(json.text.endsWith('}\n')).toBe(true);

    expect(journalFileHeader('jsonl')).toBe('');
    expect(journalFileHeader('netsuite_csv')).toBe(
      'External ID,Date,Currency,Memo,Account,Debit,Credit,Line Memo,Tax Jurisdiction,Channel,Cost Centre,Facility,Entry Kind,Reverses Entry ID,Occurred On\r\n',
    );
    const csv = journalRecords(entry, 'netsuite_csv');
    expect(csv).toMatchObject({ records: 3, journalLines: 3 });
    const memo = `"Post: ${entry.source_event_ids[0]} (rule sales, mapping revision 1)"`;
    expect(csv.text.split('\r\n')).toEqual([
      `${entry.entry_id},2026-11-20,USD,${memo},1200,10.83,,,,pos,ABCD-1234-EF56,,post,,2026-11-20`,
      `${entry.entry_id},2026-11-20,USD,${memo},4000,,10.00,,,pos,ABCD-1234-EF56,,post,,2026-11-20`,
      `${entry.entry_id},2026-11-20,USD,${memo},2210,,0.83,Tax US-TX,US-TX,pos,ABCD-1234-EF56,,post,,2026-11-20`,
      '',
    ]);
    const yen = entryOf(new JournalMapper('ACME', [mapping()], []), order({ amount: { currency: 'JPY', amount: 1200 }, tax_amount: undefined, tax_components: undefined }));
    expect(journalRecords(yen, 'netsuite_csv').text.split(',')[5]).toBe('1200');
  });
});
