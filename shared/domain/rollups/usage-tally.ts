import type { SourceRef } from '../common-schemas';
import {
  type UsageRollupSubject,
  type UsageTotals,
  meteredService,
  noCostCentre,
  usageCounters,
} from './usage-rollup';

/** One call meter of the day: a cost centre's usage of one surface, its shards summed. */
export interface MeteredUsage {
  /** `-` for the calls that named no cost centre. */
  cccode: string;
  surface: string;
  totals: UsageTotals;
}

/** The fields of a storage usage record the rollup reads. */
export interface StoredUsage {
  service: string;
  cccode?: string;
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
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sums one organisation's day into usage figures per service and scope: the
 * call meters count for this service, by their cost centre; storage usage
 * records for their own service, by theirs. A service's org-wide figure is the
 * sum of its cost centres' and its unattributed figures, field by field
 * (bytes too, each part's rounded first), so the parts always add up to it.
 */
export class UsageTally {
  private readonly parts = new Map<string, Running>();

  constructor(private readonly dt: string) {}

  addMeter(meter: MeteredUsage): void {
    const running = this.running(meteredService, meter.cccode === noCostCentre ? undefined : meter.cccode);
    add(running.totals, meter.totals);
    addSurface(running, meter.surface, meter.totals);
    running.records += 1;
    running.metered = true;
  }

  /** Storage records are added in the order they are listed, so their byte sums (numbers, not only integers) are the same on every run. */
  addStorage(usage: StoredUsage): void {
    const running = this.running(usage.service, usage.cccode);
    running.objects += usage.object_count ?? 0;
    running.bytes += usage.bytes;
    running.records += 1;
    running.stored = true;
  }

  /** Every service's figures (services in code order): its cost centres' (in code order), its unattributed one, then its org-wide one. */
  figures(): UsageFigure[] {
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
