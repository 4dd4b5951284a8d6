import type { UsageTotals } from '../../shared/domain/rollups/usage-rollup';
import { UsageTally } from '../../shared/domain/rollups/usage-tally';

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

    tally.addStorage({ service: 'media', cccode: 'AAAA-0000-0001', bytes: 0.5, object_count: 2 });
    tally.addStorage({ service: 'media', bytes: 0.5, object_count: 1 });
    tally.addStorage({ service: 'media', cccode: 'AAAA-0000-0001', bytes: 1024.25 });
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

  it('has no figures for a day with nothing', () => {
    expect(new UsageTally(day).figures()).toEqual([]);
  });
});
