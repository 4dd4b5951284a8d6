import fc from 'fast-check';
import { parseCsv } from '../support/exports';
import { type GlMapping, type MappingRule, checkMappingRules } from '../../shared/domain/gl/gl-mapping';
import { type JournalEntry, type JournalEvent, isBalanced, roundedMinorUnits } from '../../shared/domain/gl/journal-entry';
import { journalFileHeader, journalRecords } from '../../shared/domain/gl/journal-files';
import { JournalMapper } from '../../shared/domain/gl/journal-mapper';
import { JournalTally } from '../../shared/domain/gl/journal-totals';
import { type DayFigures, type DayTotalsGroup, dayTotalsOf } from '../../shared/domain/gl/journal-day-totals';
import { TrialBalance } from '../../shared/domain/gl/trial-balance';

/**
 * For random events and random balanced mappings: every entry balances to the
 * minor unit, every amount is positive and exact, and the totals per account
 * the evidence gives are the sums of the files' lines, in either format, however
 * the files are cut (never inside an entry); and the trial balance, from the
 * events' day totals alone, gives every account the same debits and credits.
 */

const accounts = ['1000', '1200', '2200', '2210', '4000', '4010'];
const eventTypes = ['order.placed', 'tender.captured', 'invoice.issued'] as const;
const jurisdictions = ['US-TX', 'US-TX-AUS', 'US-CA'];

const line = fc.record({
  side: fc.constantFrom('debit' as const, 'credit' as const),
  account: fc.constantFrom(...accounts),
  amount: fc.constantFrom('gross' as const, 'net' as const, 'tax' as const),
});

/** Random lines, then what balances them: for each unit of gross and of tax left over, a line on the side that takes it back. */
const balancedLines = fc.tuple(fc.array(line, { minLength: 1, maxLength: 5 }), fc.constantFrom(...accounts), fc.boolean()).map(([lines, account, taxAccounts]) => {
  let gross = 0;
  let tax = 0;
  for (const { side, amount } of lines) {
    const sign = side === 'debit' ? 1 : -1;
    if (amount === 'gross') gross += sign;
    else if (amount === 'tax') tax += sign;
    else {
      gross += sign;
      tax -= sign;
    }
  }
  const settle = (units: number, amount: 'gross' | 'tax') =>
    Array.from({ length: Math.abs(units) }, () => ({ side: units > 0 ? ('credit' as const) : ('debit' as const), account, amount }));
  return [...lines, ...settle(gross, 'gross'), ...settle(tax, 'tax')].map((ruleLine) =>
    ruleLine.amount === 'tax' && taxAccounts ? { ...ruleLine, tax_accounts: { 'US-TX': '2210' } } : ruleLine,
  );
});

const mapping = fc
  .tuple(
    fc.array(balancedLines, { minLength: eventTypes.length, maxLength: eventTypes.length }),
    fc.array(fc.tuple(fc.constantFrom(...eventTypes), fc.constantFrom('pos', 'web'), balancedLines), { maxLength: 3 }),
  )
  .map(([general, specific]): GlMapping => {
    const rules: MappingRule[] = [
      ...specific.map(([event_type, channel_code, lines], index) => ({ rule_id: `specific-${index}`, event_type, match: { channel_code }, lines })),
      ...eventTypes.map((event_type, index) => ({ rule_id: `general-${event_type}`, event_type, lines: general[index]! })),
    ];
    return {
      orgcode: 'PROP',
      revision: 1,
      effective_from: '2026-01-01',
      rules,
      rounding_account: '7990',
      created_at: '2026-01-01T00:00:00.000Z',
      request_context: { orgcode: 'PROP', actor: 'property', context_source: 'system' },
    };
  });

/** An amount of up to 6 decimals, as /event/record takes it. */
const amount = (max: number) => fc.integer({ min: -max * 1_000_000, max: max * 1_000_000 }).map((micro) => micro / 1_000_000);

const event = fc
  .record({
    type: fc.constantFrom(...eventTypes),
    currency: fc.constantFrom('USD', 'JPY', 'BHD'),
    amount: amount(100_000),
    tax: fc.option(amount(1_000), { nil: undefined }),
    components: fc.array(fc.tuple(fc.constantFrom(...jurisdictions), amount(500)), { maxLength: 3 }),
    channel: fc.option(fc.constantFrom('pos', 'web'), { nil: undefined }),
    second: fc.integer({ min: 0, max: 86_399 }),
  })
  .map(
    (drawn, index = 0): JournalEvent => ({
      event_id: `evt_${drawn.second}_${index}`,
      event_type: drawn.type,
      occurred_at: new Date(Date.UTC(2026, 10, 20) + drawn.second * 1000).toISOString(),
      recorded_at: '2026-11-21T00:00:00.000Z',
      amount: { currency: drawn.currency, amount: drawn.amount },
      ...(drawn.tax !== undefined && {
        tax_amount: { currency: drawn.currency, amount: drawn.tax },
        tax_jurisdiction_code: 'US-TX',
        tax_components: drawn.components.map(([jurisdiction_code, part]) => ({ jurisdiction_code, amount: { currency: drawn.currency, amount: part } })),
      }),
      ...(drawn.channel && { channel_code: drawn.channel }),
      source_refs: [],
    }),
  );

/** Files of at most `maxLines` journal lines, an entry never split (as shared/exports/export-files.ts cuts them). */
function cut(entries: readonly JournalEntry[], maxLines: number): JournalEntry[][] {
  const files: JournalEntry[][] = [[]];
  let lines = 0;
  for (const entry of entries) {
    if (lines > 0 && lines + entry.lines.length > maxLines) {
      files.push([]);
      lines = 0;
    }
    files.at(-1)!.push(entry);
    lines += entry.lines.length;
  }
  return files;
}

type Totals = Map<string, { debit: bigint; credit: bigint }>;

/** Debits and credits per account and currency, in minor units, read back from a file's text. */
function totalsOfFile(text: string, format: 'jsonl' | 'netsuite_csv'): Totals {
  const totals: Totals = new Map();
  const add = (account: string, currency: string, side: 'debit' | 'credit', value: number) => {
    const key = `${account} ${currency}`;
    const sides = totals.get(key) ?? { debit: 0n, credit: 0n };
    sides[side] += roundedMinorUnits(value, currency);
    totals.set(key, sides);
  };
  if (format === 'jsonl') {
    for (const row of text.split('\n').filter(Boolean)) {
      const entry = JSON.parse(row) as JournalEntry;
      for (const { account, side, amount: value } of entry.lines) add(account, entry.currency, side, value);
    }
  } else {
    for (const [, , currency, , account, debit, credit] of parseCsv(text).slice(1)) {
      if (debit) add(account!, currency!, 'debit', Number(debit));
      if (credit) add(account!, currency!, 'credit', Number(credit));
    }
  }
  return totals;
}

function totalsOfEvidence(tally: JournalTally): Totals {
  return new Map(
    tally.evidence().accounts.map((total) => [
      `${total.account} ${total.currency}`,
      { debit: roundedMinorUnits(total.debit_total, total.currency), credit: roundedMinorUnits(total.credit_total, total.currency) },
    ]),
  );
}

function merged(all: Totals[]): Totals {
  const totals: Totals = new Map();
  for (const file of all) {
    for (const [key, sides] of file) {
      const sum = totals.get(key) ?? { debit: 0n, credit: 0n };
      totals.set(key, { debit: sum.debit + sides.debit, credit: sum.credit + sides.credit });
    }
  }
  return new Map([...totals].filter(([, sides]) => sides.debit !== 0n || sides.credit !== 0n));
}

describe('the journal, for random events and random balanced mappings', () => {
  it('balances every entry and proves per account what its files hold', () => {
    fc.assert(
      fc.property(mapping, fc.array(event, { minLength: 1, maxLength: 40 }), fc.integer({ min: 10, max: 40 }), (glMapping, events, maxLines) => {
        expect(() => checkMappingRules(glMapping.rules)).not.toThrow();
        const mapper = new JournalMapper('PROP', [glMapping], []);
        const entries: JournalEntry[] = [];
        for (const drawn of events) {
          const mapped = mapper.map(drawn);
          expect('unmapped' in mapped).toBe(false);
          if ('entry' in mapped && mapped.entry) entries.push(mapped.entry);
        }
        const tally = new JournalTally();
        for (const entry of entries) {
          expect(isBalanced(entry)).toBe(true);
          for (const posted of entry.lines) {
            expect(posted.amount).toBeGreaterThan(0);
            expect(Number(roundedMinorUnits(posted.amount, entry.currency))).toBe(Math.round(posted.amount * 10 ** (entry.currency === 'JPY' ? 0 : entry.currency === 'BHD' ? 3 : 2)));
          }
          tally.add(entry);
        }
        const evidence = tally.evidence();
        expect(evidence.unbalanced_entries).toBe(0);
        for (const total of evidence.currencies) expect(total.debit_total).toBe(total.credit_total);

        for (const format of ['jsonl', 'netsuite_csv'] as const) {
          const files = cut(entries, maxLines).map((inFile) => journalFileHeader(format) + inFile.map((entry) => journalRecords(entry, format).text).join(''));
          const perFile = files.map((text) => totalsOfFile(text, format));
          for (const file of perFile) {
            const byCurrency = new Map<string, bigint>();
            for (const [key, sides] of file) {
              const currency = key.slice(key.lastIndexOf(' ') + 1);
              byCurrency.set(currency, (byCurrency.get(currency) ?? 0n) + sides.debit - sides.credit);
            }
            expect([...byCurrency.values()].every((balance) => balance === 0n)).toBe(true);
          }
          expect(merged(perFile)).toEqual(merged([totalsOfEvidence(tally)]));
        }

        const days = new Map<string, { group: DayTotalsGroup; figures: DayFigures }>();
        for (const drawn of events) {
          const totals = dayTotalsOf(drawn)!;
          const key = JSON.stringify(totals.group);
          const sum = days.get(key) ?? { group: totals.group, figures: {} };
          for (const [name, units] of Object.entries(totals.figures)) sum.figures[name] = (sum.figures[name] ?? 0n) + units;
          days.set(key, sum);
        }
        const balance = new TrialBalance([glMapping]);
        for (const { group, figures } of days.values()) balance.addDayTotals(group, figures);
        const report = balance.report('2026-11-20');
        expect(report.unmapped).toBe(0);
        expect(report.accounts.map(({ balance: _balance, ...sides }) => sides)).toEqual(evidence.accounts.filter((total) => total.debit_total !== 0 || total.credit_total !== 0));
        expect(report.totals).toEqual(evidence.currencies);
      }),
      { numRuns: 80 },
    );
  });
});
