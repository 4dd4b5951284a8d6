import type { UsageTotals } from '../../shared/domain/usage/usage-totals';
import { type HttpResult, post } from './local-api';

/** A storage usage record as the test recorded it: what the rollup of the day it counts on should measure. */
export interface BookedStorage {
  service: string;
  cccode?: string;
  bytes: number;
  object_count?: number;
  /** The UTC day it counts on. */
  day: string;
}

/** The figures the test expects on one usage rollup record. */
export interface ExpectedFigures {
  usage: { totals: UsageTotals; surfaces: Record<string, UsageTotals> };
  source_stats: { objects: number; bytes: number; records: number };
  source_refs: Array<{ kind: string; id: string }>;
}

const noUsage = (): UsageTotals => ({ records: 0, api_calls: 0, deliveries: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 });

/**
 * Every call one organisation made, and what it should have metered, kept by
 * the test independently of the service: the bytes it sent and received, its
 * status, whether it created a record; plus the deliveries and storage usage
 * it recorded. From these it computes the usage rollup records it expects.
 */
export class UsageBook {
  /** By cost centre (`-` for none), then surface. */
  private readonly meters = new Map<string, Map<string, UsageTotals>>();
  private readonly storage: BookedStorage[] = [];
  readonly days = new Set<string>();

  constructor(readonly orgcode: string) {}

  /** POSTs through the local API and books the call on its cost centre (the headers' `x-cccode`) and route. */
  async call(
    path: string,
    body: Record<string, unknown> | string,
    headers: Record<string, string>,
    counts: { records?: number } = {},
  ): Promise<HttpResult> {
    const response = await post(path, body, headers);
    const totals = this.meter(headers['x-cccode'], path);
    totals.api_calls += 1;
    totals.records += counts.records ?? 0;
    totals.bandwidth_in_bytes += Buffer.byteLength(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
    totals.bandwidth_out_bytes += Buffer.byteLength(response.text, 'utf8');
    totals.errors += response.status >= 400 ? 1 : 0;
    this.days.add(response.body.stats.timestamp_utc.slice(0, 10));
    return response;
  }

  /** An export batch set `sent` by a call with this cost centre: one delivery. */
  delivered(cccode: string | undefined): void {
    this.meter(cccode, 'export_batch').deliveries += 1;
  }

  storedUsage(usage: BookedStorage): void {
    this.storage.push(usage);
  }

  /** What is booked so far, apart from what is booked later: the expectations of a run made now. */
  copy(): UsageBook {
    const copy = new UsageBook(this.orgcode);
    for (const [cccode, surfaces] of this.meters) {
      copy.meters.set(cccode, new Map([...surfaces].map(([surface, totals]) => [surface, { ...totals }])));
    }
    copy.storage.push(...this.storage);
    for (const day of this.days) copy.days.add(day);
    return copy;
  }

  /** Calls booked so far, across every cost centre and surface. */
  get apiCalls(): number {
    return [...this.meters.values()].flatMap((surfaces) => [...surfaces.values()]).reduce((sum, totals) => sum + totals.api_calls, 0);
  }

  /** Forgets a cost centre's calls, as when its meters are gone. */
  forget(cccode: string): void {
    this.meters.delete(cccode);
  }

  /**
   * The figures of `service`'s record of `day` for one cost centre (`-`: the
   * usage that named none), or for the org with `org`. Every call was made on
   * `day` (the test checks `days`).
   */
  expected(service: string, day: string, cccode: string | 'org'): ExpectedFigures | undefined {
    const parts = cccode === 'org' ? this.costCentres(service, day) : [cccode];
    const figures: ExpectedFigures = {
      usage: { totals: noUsage(), surfaces: {} },
      source_stats: { objects: 0, bytes: 0, records: 0 },
      source_refs: [],
    };
    let [metered, stored] = [false, false];
    for (const part of parts) {
      const surfaces = service === 'accounting' ? this.meters.get(part) : undefined;
      for (const [surface, totals] of surfaces ?? []) {
        metered = true;
        figures.usage.surfaces[surface] ??= noUsage();
        for (const name of Object.keys(totals) as Array<keyof UsageTotals>) {
          figures.usage.totals[name] += totals[name];
          figures.usage.surfaces[surface]![name] += totals[name];
        }
        figures.source_stats.records += 1;
      }
      const records = this.storage.filter((usage) => usage.service === service && usage.day === day && (usage.cccode ?? '-') === part);
      stored ||= records.length > 0;
      figures.source_stats.objects += records.reduce((sum, usage) => sum + (usage.object_count ?? 0), 0);
      figures.source_stats.bytes += Math.round(records.reduce((sum, usage) => sum + usage.bytes, 0));
      figures.source_stats.records += records.length;
    }
    if (metered) figures.source_refs.push({ kind: 'usage_meter_day', id: day });
    if (stored) figures.source_refs.push({ kind: 'storage_usage_day', id: day });
    return metered || stored ? figures : undefined;
  }

  /** The cost centres (`-` for none) with usage of `service` on `day`. */
  costCentres(service: string, day: string): string[] {
    const metered = service === 'accounting' ? [...this.meters.keys()] : [];
    const stored = this.storage.filter((usage) => usage.service === service && usage.day === day).map((usage) => usage.cccode ?? '-');
    return [...new Set([...metered, ...stored])].sort();
  }

  private meter(cccode: string | undefined, surface: string): UsageTotals {
    const key = cccode ?? '-';
    const surfaces = this.meters.get(key) ?? new Map<string, UsageTotals>();
    this.meters.set(key, surfaces);
    const totals = surfaces.get(surface) ?? noUsage();
    surfaces.set(surface, totals);
    return totals;
  }
}
