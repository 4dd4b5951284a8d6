import { canonicalJson } from '../../shared/domain/canonical-json';
import type { AccountingEvent } from '../../shared/domain/events/accounting-event';
import { exportLines, fileHeader } from '../../shared/domain/exports/export-lines';
import type { TaxFilters } from '../../shared/domain/exports/tax-filters';

const financialEventColumns = [
  'event_id', 'event_type', 'occurred_at', 'recorded_at', 'logical_guid', 'channel_code', 'cccode',
  'amount', 'amount_currency', 'tax_amount', 'tax_amount_currency', 'tax_jurisdiction_code',
  'tax_policy_version', 'tax_basis', 'tax_liability_trigger', 'tax_holiday_applied', 'tax_override_applied',
  'actor', 'context_source', 'reason', 'source_refs', 'tax_components', 'policy_refs',
];

const taxAuditColumns = [
  'event_id', 'event_type', 'occurred_at', 'component_index', 'jurisdiction_code', 'tax_code', 'rate',
  'taxable_base', 'taxable_base_currency', 'tax_amount', 'tax_amount_currency', 'tax_basis',
  'tax_liability_trigger', 'tax_policy_version', 'holiday_applied', 'exemption_applied', 'exemption_reason',
];

/** An event without tax fields; tests add what they are about. */
function anEvent(overrides: Partial<AccountingEvent> = {}): AccountingEvent {
  return {
    event_id: 'evt_01',
    orgcode: 'ORG1',
    event_type: 'order.placed',
    occurred_at: '2026-11-20T10:00:00.000Z',
    recorded_at: '2026-11-20T10:00:01.000Z',
    amount: { currency: 'USD', amount: 107.5 },
    reason: 'order placed',
    source_refs: [{ kind: 'order', id: 'ord_1' }],
    request_context: { orgcode: 'ORG1', actor: 'checkout', context_source: 'api_key' },
    ...overrides,
  };
}

/** An event with two tax components, one relying on the event-level fields. */
function aTaxedEvent(overrides: Partial<AccountingEvent> = {}): AccountingEvent {
  return anEvent({
    logical_guid: 'store-7',
    channel_code: 'web_store',
    cccode: 'ABCD-1234-EF56',
    tax_amount: { currency: 'USD', amount: 7.5 },
    tax_jurisdiction_code: 'US-CA',
    tax_policy_version: 'tax-2026.1',
    tax_basis: 'added',
    tax_liability_trigger: 'invoice',
    tax_holiday_applied: false,
    tax_override_applied: true,
    tax_components: [
      {
        tax_code: 'STATE',
        jurisdiction_code: 'US-CA-STATE',
        rate: 6,
        taxable_base: { currency: 'USD', amount: 100 },
        amount: { currency: 'USD', amount: 6 },
        tax_basis: 'included',
        holiday_applied: true,
      },
      {
        tax_code: 'CITY',
        rate: 1.5,
        exemption_applied: true,
        exemption_reason: 'resale, "certificate" on file',
      },
    ],
    policy_refs: { tax_policy_version: 'tax-2026.1', export_policy_version: 'exp-1' },
    ...overrides,
  });
}

/**
 * A strict RFC 4180 parser: every record ends with CRLF; quotes, CR and LF are
 * only accepted inside a quoted field, so a writer that forgets to quote fails here.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let closedQuote = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        quoted = false;
        closedQuote = true;
      }
    } else if (char === ',') {
      record.push(field);
      field = '';
      closedQuote = false;
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      closedQuote = false;
      i += 1;
    } else if (char === '"' && field === '' && !closedQuote) {
      quoted = true;
    } else if (char === '"' || char === '\r' || char === '\n' || closedQuote) {
      throw new Error(`unexpected ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
    }
  }
  if (quoted || field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/** What a CSV field holds for a value: the text of numbers and booleans, empty for absent. */
function csvText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function csvFile(events: AccountingEvent[], kind: 'financial_events' | 'tax_audit', filters?: TaxFilters): string {
  return fileHeader(kind, 'csv') + events.flatMap((event) => exportLines(event, kind, 'csv', filters)).join('');
}

function jsonRecords(event: AccountingEvent, filters?: TaxFilters): Record<string, unknown>[] {
  return exportLines(event, 'tax_audit', 'jsonl', filters).map((line) => JSON.parse(line));
}

/** The same value with every object's keys in reverse insertion order. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)])) as T;
  }
  return value;
}

describe('fileHeader', () => {
  it('opens a CSV file with the column names and CRLF', () => {
    expect(fileHeader('financial_events', 'csv')).toBe(`${financialEventColumns.join(',')}\r\n`);
    expect(fileHeader('tax_audit', 'csv')).toBe(`${taxAuditColumns.join(',')}\r\n`);
  });

  it('opens a JSON lines file with nothing', () => {
    expect(fileHeader('financial_events', 'jsonl')).toBe('');
    expect(fileHeader('tax_audit', 'jsonl')).toBe('');
  });
});

describe('financial_events lines', () => {
  it('are, in jsonl, the whole event as canonical JSON and a newline', () => {
    const event = aTaxedEvent();

    const lines = exportLines(event, 'financial_events', 'jsonl');

    expect(lines).toEqual([`${canonicalJson(event)}\n`]);
    expect(JSON.parse(lines[0]!)).toEqual(event);
  });

  it('are, in csv, one row of the flattened event in column order', () => {
    const event = aTaxedEvent();

    const [header, row, ...rest] = parseCsv(csvFile([event], 'financial_events'));

    expect(rest).toEqual([]);
    expect(header).toEqual(financialEventColumns);
    expect(Object.fromEntries(financialEventColumns.map((name, index) => [name, row![index]]))).toEqual({
      event_id: 'evt_01',
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:00:00.000Z',
      recorded_at: '2026-11-20T10:00:01.000Z',
      logical_guid: 'store-7',
      channel_code: 'web_store',
      cccode: 'ABCD-1234-EF56',
      amount: '107.5',
      amount_currency: 'USD',
      tax_amount: '7.5',
      tax_amount_currency: 'USD',
      tax_jurisdiction_code: 'US-CA',
      tax_policy_version: 'tax-2026.1',
      tax_basis: 'added',
      tax_liability_trigger: 'invoice',
      tax_holiday_applied: 'false',
      tax_override_applied: 'true',
      actor: 'checkout',
      context_source: 'api_key',
      reason: 'order placed',
      source_refs: canonicalJson(event.source_refs),
      tax_components: canonicalJson(event.tax_components),
      policy_refs: canonicalJson(event.policy_refs),
    });
  });

  it('leave absent fields empty in csv', () => {
    const event = anEvent({ amount: undefined });

    const [, row] = parseCsv(csvFile([event], 'financial_events'));

    const byName = Object.fromEntries(financialEventColumns.map((name, index) => [name, row![index]]));
    for (const name of ['logical_guid', 'amount', 'amount_currency', 'tax_amount', 'tax_basis', 'tax_components', 'policy_refs']) {
      expect(byName[name]).toBe('');
    }
  });

  it('are the same bytes whatever the insertion order of the event keys', () => {
    const event = aTaxedEvent();
    const reordered = reversedKeys(event);
    expect(Object.keys(reordered)).not.toEqual(Object.keys(event));

    for (const format of ['jsonl', 'csv'] as const) {
      expect(exportLines(reordered, 'financial_events', format)).toEqual(exportLines(event, 'financial_events', format));
      expect(exportLines(reordered, 'tax_audit', format)).toEqual(exportLines(event, 'tax_audit', format));
    }
  });
});

describe('CSV quoting', () => {
  const awkwardReasons = [
    'refund, partial',
    'customer said "late"',
    '"',
    'line one\nline two',
    'line one\rline two',
    'line one\r\nline two',
    'all of them: a,b "c"\r\n"d",\n\r',
    ' leading and trailing spaces ',
    'café € 𝄞',
  ];

  it('quotes a field holding a comma, quote, CR or LF, doubling inner quotes', () => {
    const [line] = exportLines(anEvent({ reason: 'say "hi", then\r\nleave' }), 'financial_events', 'csv');

    expect(line).toContain(',"say ""hi"", then\r\nleave",');
    expect(line!.endsWith('\r\n')).toBe(true);
  });

  it('leaves a plain field unquoted', () => {
    const [line] = exportLines(anEvent({ reason: 'plain reason' }), 'financial_events', 'csv');

    expect(line).toContain(',plain reason,');
  });

  it('round-trips every field of every row through an RFC 4180 parser', () => {
    const events = awkwardReasons.map((reason, index) =>
      aTaxedEvent({ event_id: `evt_${index}`, reason, source_refs: [{ kind: 'note', id: reason }] }),
    );

    const [header, ...rows] = parseCsv(csvFile(events, 'financial_events'));

    expect(header).toEqual(financialEventColumns);
    expect(rows).toHaveLength(events.length);
    rows.forEach((row, index) => {
      const event = events[index]!;
      expect(row).toEqual([
        event.event_id, event.event_type, event.occurred_at, event.recorded_at, event.logical_guid,
        event.channel_code, event.cccode, event.amount?.amount, event.amount?.currency, event.tax_amount?.amount,
        event.tax_amount?.currency, event.tax_jurisdiction_code, event.tax_policy_version, event.tax_basis,
        event.tax_liability_trigger, event.tax_holiday_applied, event.tax_override_applied,
        event.request_context.actor, event.request_context.context_source, event.reason,
        canonicalJson(event.source_refs), canonicalJson(event.tax_components), canonicalJson(event.policy_refs),
      ].map(csvText));
    });
  });

  it('round-trips quoted tax_audit fields too', () => {
    const event = aTaxedEvent();

    const [header, ...rows] = parseCsv(csvFile([event], 'tax_audit'));

    expect(header).toEqual(taxAuditColumns);
    expect(rows[1]![taxAuditColumns.indexOf('exemption_reason')]).toBe('resale, "certificate" on file');
  });
});

describe('tax_audit lines', () => {
  it('are one per tax component, filling absent component fields from the event', () => {
    const event = aTaxedEvent();

    expect(jsonRecords(event)).toEqual([
      {
        event_id: 'evt_01',
        event_type: 'order.placed',
        occurred_at: '2026-11-20T10:00:00.000Z',
        component_index: 0,
        jurisdiction_code: 'US-CA-STATE',
        tax_code: 'STATE',
        rate: 6,
        taxable_base: 100,
        taxable_base_currency: 'USD',
        tax_amount: 6,
        tax_amount_currency: 'USD',
        tax_basis: 'included',
        tax_liability_trigger: 'invoice',
        tax_policy_version: 'tax-2026.1',
        holiday_applied: true,
      },
      {
        event_id: 'evt_01',
        event_type: 'order.placed',
        occurred_at: '2026-11-20T10:00:00.000Z',
        component_index: 1,
        jurisdiction_code: 'US-CA',
        tax_code: 'CITY',
        rate: 1.5,
        tax_basis: 'added',
        tax_liability_trigger: 'invoice',
        tax_policy_version: 'tax-2026.1',
        holiday_applied: false,
        exemption_applied: true,
        exemption_reason: 'resale, "certificate" on file',
      },
    ]);
  });

  it('are in jsonl canonical JSON with absent fields omitted, one per line', () => {
    const lines = exportLines(aTaxedEvent(), 'tax_audit', 'jsonl');

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(line).toBe(`${canonicalJson(JSON.parse(line))}\n`);
      expect(line).not.toContain('null');
    }
    expect(lines[1]).not.toContain('taxable_base');
  });

  it('carry the same record in csv as in jsonl', () => {
    const event = aTaxedEvent();

    const [, ...rows] = parseCsv(csvFile([event], 'tax_audit'));

    expect(rows).toEqual(jsonRecords(event).map((record) => taxAuditColumns.map((name) => csvText(record[name]))));
  });

  it('take the tax policy version from policy_refs when the event has none', () => {
    const event = aTaxedEvent({ tax_policy_version: undefined, policy_refs: { tax_policy_version: 'tax-from-refs' } });

    expect(jsonRecords(event).map((record) => record.tax_policy_version)).toEqual(['tax-from-refs', 'tax-from-refs']);
  });

  describe('of an event without tax components', () => {
    it('are one line from the event-level tax fields, with a null component_index', () => {
      const event = aTaxedEvent({ tax_components: undefined, tax_holiday_applied: true });

      expect(jsonRecords(event)).toEqual([
        {
          event_id: 'evt_01',
          event_type: 'order.placed',
          occurred_at: '2026-11-20T10:00:00.000Z',
          component_index: null,
          jurisdiction_code: 'US-CA',
          tax_amount: 7.5,
          tax_amount_currency: 'USD',
          tax_basis: 'added',
          tax_liability_trigger: 'invoice',
          tax_policy_version: 'tax-2026.1',
          holiday_applied: true,
        },
      ]);
      const [, row] = parseCsv(csvFile([event], 'tax_audit'));
      expect(row![taxAuditColumns.indexOf('component_index')]).toBe('');
      expect(row![taxAuditColumns.indexOf('taxable_base')]).toBe('');
    });

    it('fall back to the event-level line when tax_components is empty', () => {
      const event = aTaxedEvent({ tax_components: [] });

      expect(jsonRecords(event)).toMatchObject([{ component_index: null, tax_amount: 7.5 }]);
    });

    it('are one line when only a jurisdiction is given', () => {
      const event = anEvent({ tax_jurisdiction_code: 'US-NY' });

      expect(jsonRecords(event)).toEqual([
        {
          event_id: 'evt_01',
          event_type: 'order.placed',
          occurred_at: '2026-11-20T10:00:00.000Z',
          component_index: null,
          jurisdiction_code: 'US-NY',
        },
      ]);
    });

    it('are one line when only a tax amount is given', () => {
      const event = anEvent({ tax_amount: { currency: 'EUR', amount: 0 } });

      expect(jsonRecords(event)).toMatchObject([{ component_index: null, tax_amount: 0, tax_amount_currency: 'EUR' }]);
    });

    it('are none when the event carries no tax', () => {
      const event = anEvent({ tax_basis: 'added', tax_policy_version: 'tax-2026.1', tax_holiday_applied: true });

      expect(exportLines(event, 'tax_audit', 'jsonl')).toEqual([]);
      expect(exportLines(event, 'tax_audit', 'csv')).toEqual([]);
      expect(exportLines(event, 'financial_events', 'csv')).toHaveLength(1);
    });
  });
});

describe('tax filters', () => {
  /** Three components that differ in every filtered field; the third has no amount and no jurisdiction. */
  const event = anEvent({
    tax_policy_version: 'v1',
    tax_basis: 'added',
    tax_liability_trigger: 'order',
    tax_components: [
      { jurisdiction_code: 'US-CA', amount: { currency: 'USD', amount: 1 } },
      { jurisdiction_code: 'US-NY', tax_basis: 'included', amount: { currency: 'USD', amount: 2 } },
      { tax_code: 'NONE' },
    ],
  });

  function keptIndexes(filters: TaxFilters, subject = event): unknown[] {
    return jsonRecords(subject, filters).map((record) => record.component_index);
  }

  it('keep every line when none is given', () => {
    expect(keptIndexes({})).toEqual([0, 1, 2]);
    expect(exportLines(event, 'tax_audit', 'jsonl')).toHaveLength(3);
  });

  it('jurisdiction_codes keeps lines whose jurisdiction is listed, never one without a jurisdiction', () => {
    expect(keptIndexes({ jurisdiction_codes: ['US-NY'] })).toEqual([1]);
    expect(keptIndexes({ jurisdiction_codes: ['US-CA', 'US-NY'] })).toEqual([0, 1]);
    expect(keptIndexes({ jurisdiction_codes: ['US-TX'] })).toEqual([]);
  });

  it('jurisdiction_codes matches the event-level jurisdiction a component inherits', () => {
    const inheriting = anEvent({ tax_jurisdiction_code: 'US-TX', tax_components: [{ tax_code: 'A' }] });

    expect(keptIndexes({ jurisdiction_codes: ['US-TX'] }, inheriting)).toEqual([0]);
  });

  it('tax_policy_versions keeps lines whose policy version is listed', () => {
    expect(keptIndexes({ tax_policy_versions: ['v1'] })).toEqual([0, 1, 2]);
    expect(keptIndexes({ tax_policy_versions: ['v2'] })).toEqual([]);
    const fromRefs = anEvent({ tax_amount: { currency: 'USD', amount: 1 }, policy_refs: { tax_policy_version: 'v2' } });
    expect(keptIndexes({ tax_policy_versions: ['v2'] }, fromRefs)).toEqual([null]);
    expect(keptIndexes({ tax_policy_versions: ['v1'] }, anEvent({ tax_amount: { currency: 'USD', amount: 1 } }))).toEqual([]);
  });

  it('tax_basis keeps lines of that basis, the component overriding the event', () => {
    expect(keptIndexes({ tax_basis: 'included' })).toEqual([1]);
    expect(keptIndexes({ tax_basis: 'added' })).toEqual([0, 2]);
  });

  it('tax_liability_trigger keeps lines of events with that trigger', () => {
    expect(keptIndexes({ tax_liability_trigger: 'order' })).toEqual([0, 1, 2]);
    expect(keptIndexes({ tax_liability_trigger: 'invoice' })).toEqual([]);
  });

  it('require_tax_amount keeps only lines with a tax amount', () => {
    expect(keptIndexes({ require_tax_amount: true })).toEqual([0, 1]);
    expect(keptIndexes({ require_tax_amount: false })).toEqual([0, 1, 2]);
  });

  it('must all accept a line when combined', () => {
    expect(keptIndexes({ require_tax_amount: true, tax_basis: 'added' })).toEqual([0]);
    expect(
      keptIndexes({
        jurisdiction_codes: ['US-CA', 'US-NY'],
        tax_policy_versions: ['v1'],
        tax_basis: 'included',
        tax_liability_trigger: 'order',
        require_tax_amount: true,
      }),
    ).toEqual([1]);
    expect(keptIndexes({ jurisdiction_codes: ['US-CA'], tax_basis: 'included' })).toEqual([]);
  });

  it('apply to csv lines as to jsonl lines', () => {
    const filters: TaxFilters = { jurisdiction_codes: ['US-NY'] };

    const [, ...rows] = parseCsv(csvFile([event], 'tax_audit', filters));

    expect(rows.map((row) => row[taxAuditColumns.indexOf('component_index')])).toEqual(['1']);
  });

  it('do not affect financial_events', () => {
    expect(exportLines(event, 'financial_events', 'jsonl', { jurisdiction_codes: ['US-TX'] })).toHaveLength(1);
  });
});
