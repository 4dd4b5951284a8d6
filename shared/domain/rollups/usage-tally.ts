import type { SourceRef } from '../common-schemas';
import { noCostCentre } from '../usage/cost-centre';
import { type StorageReading, isLaterReading, storageResourceKey } from '../usage/storage-resource';
import { type UsageTotals, meteredService, usageCounters } from '../usage/usage-totals';
import type { UsageRollupSubject } from './usage-rollup';
import { byCodeUnits } from '../code-units';

/** One call meter of the day: a cost centre's usage of one surface, its shards summed. */
export interface MeteredUsage {
  /** `-` for the calls that named no cost centre. */
  cccode: string;
  surface: string;
  totals: UsageTotals;
}

/** The fields of a storage usage record the rollup reads: what it measured, when, and its figures. */
export interface StoredUsage extends StorageReading {
  bytes: number;
  object_count?: number;
}

/** A record's figures for the day, as the rollup computes them. */
export interface UsageFigure extends UsageRollupSubject {
  usage: { totals: UsageTotals; surfaces: Record<string, UsageTotals> };
  source_stats: { objects: number; bytes: number; records: number };
  source_refs: SourceRef[];
}

interface Running {
  subject: UsageRollupSubject;
  totals: UsageTotals;
  surfaces: Map<string, UsageTotals>;
  objects: number;
  bytes: number;
  records: number;
  metered: boolean;
  stored: boolean;
}

const noUsage = (): UsageTotals => Object.fromEntries(usageCounters.map((name) => [name, 0])) as UsageTotals;

function add(into: UsageTotals, totals: UsageTotals): void {
  for (const name of usageCounters) into[name] += totals[name];
}

function addSurface(running: Running, surface: string, totals: UsageTotals): void {
  let figures = running.surfaces.get(surface);
  if (!figures) {
    figures = noUsage();
    running.surfaces.set(surface, figures);
  }
  add(figures, totals);
}

const nothingYet = (subject: UsageRollupSubject): Running => ({
  subject,
  totals: noUsage(),
  surfaces: new Map(),
  objects: 0,
  bytes: 0,
  records: 0,
  metered: false,
  stored: false,
});

/** Plain string order, the same whatever the runtime's locale. */

/**
 * Sums one organisation's day into usage figures per service and scope: the
 * call meters count for this service, by their cost centre; storage usage
 * records for their own service, by theirs, each resource once. A service's org-wide figure is the
 * sum of its cost centres' and its unattributed figures, field by field
 * (bytes too, each part's rounded first), so the parts always add up to it.
 */
export class UsageTally {
  private readonly parts = new Map<string, Running>();
  /** The latest reading of each resource so far, in the order each resource was first read. */
  private readonly latestReadings = new Map<string, StoredUsage>();

  constructor(private readonly dt: string) {}

  addMeter(meter: MeteredUsage): void {
    const running = this.running(meteredService, meter.cccode === noCostCentre ? undefined : meter.cccode);
    add(running.totals, meter.totals);
    addSurface(running, meter.surface, meter.totals);
    running.records += 1;
    running.metered = true;
  }

  /**
   * A storage record of the day: of several readings of one resource
   * (../usage/storage-resource.ts) only the latest counts, under its own cost
   * centre. Records are added in the order they are listed, and resources
   * counted in the order first read, so byte sums (numbers, not only
   * integers) are the same on every run.
   */
  addStorage(usage: StoredUsage): void {
    const resource = storageResourceKey(usage);
    const counted = this.latestReadings.get(resource);
    if (!counted || isLaterReading(usage, counted)) this.latestReadings.set(resource, usage);
  }

  /** Every service's figures (services in code order): its cost centres' (in code order), its unattributed one, then its org-wide one. */
  figures(): UsageFigure[] {
    // Counted once, so a second call answers the same.
    for (const usage of this.latestReadings.values()) this.countStorage(usage);
    this.latestReadings.clear();
    const services = new Map<string, Running[]>();
    for (const running of this.parts.values()) {
      services.set(running.subject.service, [...(services.get(running.subject.service) ?? []), running]);
    }
    const lastly = '\uffff';
    return [...services.entries()]
      .sort(([a], [b]) => byCodeUnits(a, b))
      .flatMap(([service, parts]) => {
        parts.sort((a, b) => byCodeUnits(a.subject.cccode ?? lastly, b.subject.cccode ?? lastly));
        return [...parts, orgWide(service, parts)].map((running) => this.figureOf(running));
      });
  }

  private countStorage(usage: StoredUsage): void {
    const running = this.running(usage.service, usage.cccode);
    running.objects += usage.object_count ?? 0;
    running.bytes += usage.bytes;
    running.records += 1;
    running.stored = true;
  }

  private running(service: string, cccode: string | undefined): Running {
    const id = JSON.stringify([service, cccode ?? null]);
    let running = this.parts.get(id);
    if (!running) {
      running = nothingYet(cccode === undefined ? { service, scope: 'unattributed' } : { service, scope: 'cccode', cccode });
      this.parts.set(id, running);
    }
    return running;
  }

  /** What the figure read is referred to by its day: small whatever the day held. */
  private figureOf(running: Running): UsageFigure {
    const surfaces = [...running.surfaces.entries()].sort(([a], [b]) => byCodeUnits(a, b));
    return {
      ...running.subject,
      usage: { totals: running.totals, surfaces: Object.fromEntries(surfaces) },
      source_stats: { objects: running.objects, bytes: Math.round(running.bytes), records: running.records },
      source_refs: [
        ...(running.metered ? [{ kind: 'usage_meter_day', id: this.dt }] : []),
        ...(running.stored ? [{ kind: 'storage_usage_day', id: this.dt }] : []),
      ],
    };
  }
}

function orgWide(service: string, parts: readonly Running[]): Running {
  const sum = nothingYet({ service, scope: 'org' });
  for (const part of parts) {
    add(sum.totals, part.totals);
    for (const [surface, totals] of part.surfaces) addSurface(sum, surface, totals);
    sum.objects += part.objects;
    sum.bytes += Math.round(part.bytes);
    sum.records += part.records;
    sum.metered ||= part.metered;
    sum.stored ||= part.stored;
  }
  return sum;
}
