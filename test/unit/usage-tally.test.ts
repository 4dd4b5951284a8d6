import type { UsageTotals } from '../../shared/domain/usage/usage-totals';
import { type StoredUsage, UsageTally } from '../../shared/domain/rollups/usage-tally';

const day = '2026-11-20';
const usage = (counts: Partial<UsageTotals>): UsageTotals => ({
  records: 0,
  api_calls: 0,
  deliveries: 0,
  bandwidth_in_bytes: 0,
  bandwidth_out_bytes: 0,
  errors: 0,
  ...counts,
});
/** A storage usage record of the day: a resource of its own unless `reading` says otherwise. */
let readings = 0;
const stored = (reading: Partial<StoredUsage> & Pick<StoredUsage, 'service' | 'bytes'>): StoredUsage => ({
  orgcode: 'ACME',
  usage_id: `stu_${(readings += 1)}`,
  resource_type: 'object_store',
  resource_ref: `orgs/ACME/prefix-${readings}/`,
  recorded_at: `${day}T12:00:00.000Z`,
  ...reading,
});
const subjectOf = (figure: { service: string; scope: string; cccode?: string }) => `${figure.service} ${figure.scope} ${figure.cccode ?? ''}`.trim();

describe('the usage tally of a day', () => {
  it("sums each cost centre's meters per surface, calls without one as unattributed, and the organisation as their sum", () => {
    const tally = new UsageTally(day);

    tally.addMeter({ cccode: 'BBBB-0000-0002', surface: '/event/get', totals: usage({ api_calls: 3, bandwidth_in_bytes: 60, bandwidth_out_bytes: 900, errors: 1 }) });
    tally.addMeter({ cccode: 'AAAA-0000-0001', surface: '/event/record', totals: usage({ api_calls: 2, records: 2, bandwidth_in_bytes: 400 }) });
    tally.addMeter({ cccode: '-', surface: '/event/get', totals: usage({ api_calls: 1, bandwidth_out_bytes: 300 }) });
    tally.addMeter({ cccode: 'AAAA-0000-0001', surface: 'export_batch', totals: usage({ deliveries: 1 }) });

    const figures = tally.figures();
    expect(figures.map(subjectOf)).toEqual([
      'accounting cccode AAAA-0000-0001',
      'accounting cccode BBBB-0000-0002',
      'accounting unattributed',
      'accounting org',
    ]);
    expect(figures[0]).toEqual({
      service: 'accounting',
      scope: 'cccode',
      cccode: 'AAAA-0000-0001',
      usage: {
        totals: usage({ api_calls: 2, records: 2, bandwidth_in_bytes: 400, deliveries: 1 }),
        surfaces: { '/event/record': usage({ api_calls: 2, records: 2, bandwidth_in_bytes: 400 }), export_batch: usage({ deliveries: 1 }) },
      },
      source_stats: { objects: 0, bytes: 0, records: 2 },
      source_refs: [{ kind: 'usage_meter_day', id: day }],
    });
    expect(figures[3]).toEqual({
      service: 'accounting',
      scope: 'org',
      usage: {
        totals: usage({ api_calls: 6, records: 2, bandwidth_in_bytes: 460, bandwidth_out_bytes: 1200, errors: 1, deliveries: 1 }),
        surfaces: {
          '/event/get': usage({ api_calls: 4, bandwidth_in_bytes: 60, bandwidth_out_bytes: 1200, errors: 1 }),
          '/event/record': usage({ api_calls: 2, records: 2, bandwidth_in_bytes: 400 }),
          export_batch: usage({ deliveries: 1 }),
        },
      },
      source_stats: { objects: 0, bytes: 0, records: 4 },
      source_refs: [{ kind: 'usage_meter_day', id: day }],
    });
  });

  it('gives a service with storage only its records with no usage, each part rounding its bytes and the organisation summing the parts', () => {
    const tally = new UsageTally(day);

    tally.addStorage(stored({ service: 'media', cccode: 'AAAA-0000-0001', bytes: 0.5, object_count: 2 }));
    tally.addStorage(stored({ service: 'media', bytes: 0.5, object_count: 1 }));
    tally.addStorage(stored({ service: 'media', cccode: 'AAAA-0000-0001', bytes: 1024.25 }));
    tally.addMeter({ cccode: '-', surface: '/event/get', totals: usage({ api_calls: 1 }) });

    const figures = tally.figures();
    expect(figures.map((figure) => [subjectOf(figure), figure.usage.totals.api_calls, figure.source_stats])).toEqual([
      ['accounting unattributed', 1, { objects: 0, bytes: 0, records: 1 }],
      ['accounting org', 1, { objects: 0, bytes: 0, records: 1 }],
      ['media cccode AAAA-0000-0001', 0, { objects: 2, bytes: 1025, records: 2 }],
      ['media unattributed', 0, { objects: 1, bytes: 1, records: 1 }],
      ['media org', 0, { objects: 3, bytes: 1026, records: 3 }],
    ]);
    expect(figures[4]).toMatchObject({ usage: { totals: usage({}), surfaces: {} }, source_refs: [{ kind: 'storage_usage_day', id: day }] });
  });

  it("counts each resource once, by its latest reading, under that reading's cost centre", () => {
    const tally = new UsageTally(day);
    const exports = { service: 'accounting', resource_type: 'object_store' as const, resource_ref: 'orgs/ACME/exports/' };

    // A client's measurement of the prefix, then the reconcile's of the same prefix, named relative to the organisation's root.
    tally.addStorage(stored({ ...exports, cccode: 'ABCD-1234-EF56', bytes: 52_428_800, object_count: 120, recorded_at: `${day}T09:00:00.000Z` }));
    tally.addStorage(stored({ ...exports, resource_ref: 'exports/', bytes: 2_262, object_count: 2, measured_at: `${day}T10:00:00.000Z` }));
    // Measured earlier, recorded later: the reconcile's measurement stays the latest.
    tally.addStorage(stored({ ...exports, bytes: 1, measured_at: `${day}T08:00:00.000Z`, recorded_at: `${day}T11:00:00.000Z` }));
    // A table's cost centres are resources of their own; one cost centre's two readings, the later counting.
    const table = { service: 'accounting', resource_type: 'table_store' as const, resource_ref: 'accounting-table' };
    tally.addStorage(stored({ ...table, cccode: 'ABCD-1234-EF56', bytes: 100, measured_at: `${day}T10:00:00.000Z` }));
    tally.addStorage(stored({ ...table, cccode: 'ABCD-1234-EF56', bytes: 300, measured_at: `${day}T10:00:01.000Z` }));
    tally.addStorage(stored({ ...table, bytes: 30_000, measured_at: `${day}T10:00:00.000Z` }));
    // Another service's prefix of the same name is another resource.
    tally.addStorage(stored({ ...exports, service: 'media', bytes: 7 }));

    expect(tally.figures().map((figure) => [subjectOf(figure), figure.source_stats])).toEqual([
      ['accounting cccode ABCD-1234-EF56', { objects: 0, bytes: 300, records: 1 }],
      ['accounting unattributed', { objects: 2, bytes: 32_262, records: 2 }],
      ['accounting org', { objects: 2, bytes: 32_562, records: 3 }],
      ['media unattributed', { objects: 0, bytes: 7, records: 1 }],
      ['media org', { objects: 0, bytes: 7, records: 1 }],
    ]);
  });

  it('has no figures for a day with nothing', () => {
    expect(new UsageTally(day).figures()).toEqual([]);
  });
});
