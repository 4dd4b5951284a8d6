import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../shared/db/client';
import { commissionLineItem } from '../../shared/db/commissions/commission-repository';
import type { CommissionLine } from '../../shared/domain/commissions/commission';
import { newId } from '../../shared/domain/identifiers';
import { fromMinorUnits } from '../../shared/domain/receivables/money';
import { batchPutAll } from '../harness/batch-write';
import { CapacityMeter } from '../harness/capacity';
import { benchCaller } from '../harness/local-stack';
import { httpCall } from '../harness/http-client';

/** What one step of the payout section cost, every command metered (the credential read included). */
export interface MeteredStep {
  label: string;
  /** Route calls made (statement pages). */
  calls: number;
  commands: number;
  transactions: number;
  rcu: number;
  wcu: number;
  seconds: number;
}

export interface PayoutBenchReport {
  lines: number;
  chargebacks: number;
  seedSeconds: number;
  /** What the seeded lines net to; the payout and the statement matched it exactly (else the bench fails). */
  amount: number;
  steps: MeteredStep[];
}

interface PayoutBenchOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  baseUrl: string;
  orgcode: string;
  lines: number;
  log: (line: string) => void;
}

const associateId = 'assoc_bench';
const period = { from_utc: '2026-11-01T00:00:00.000Z', to_utc: '2026-12-01T00:00:00.000Z' };
const monthMs = Date.parse(period.to_utc) - Date.parse(period.from_utc);
/** One line in fifty is a chargeback, netted by the payout. */
const chargebackEvery = 50;

/** Line `index`: a commission share of 1.00 to 50.99, or a chargeback of a tenth of that, counting across November. */
function seedLine(orgcode: string, index: number): CommissionLine {
  const at = new Date(Date.parse(period.from_utc) + Math.floor((monthMs * index) / (index + 5001))).toISOString();
  const cents = 100 + ((index * 7919) % 5000);
  const chargeback = index % chargebackEvery === chargebackEvery - 1;
  return {
    line_id: newId(chargeback ? 'adj' : 'cml'),
    orgcode,
    ...(chargeback ? {} : { commission_id: `com_bench_${index}`, order_id: `ord_bench_${index}` }),
    associate_id: associateId,
    kind: chargeback ? 'chargeback' : 'commission',
    amount: chargeback ? -Math.round(cents / 10) / 100 : cents / 100,
    currency: 'USD',
    status: 'payable',
    counts_at: at,
    created_at: at,
    updated_at: at,
  };
}

function* seedLines(orgcode: string, count: number, netCents: { value: number }): Generator<Record<string, unknown>> {
  for (let index = 0; index < count; index += 1) {
    const line = seedLine(orgcode, index);
    netCents.value += Math.round(line.amount * 100);
    yield commissionLineItem(line);
  }
}

async function metered<T>(meter: CapacityMeter, label: string, calls: number, run: () => Promise<T>): Promise<{ step: MeteredStep; result: T }> {
  meter.reset();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const commands = meter.commands();
  return {
    result,
    step: {
      label,
      calls,
      commands: commands.length,
      transactions: commands.filter((command) => command.name === 'TransactWriteItems').length,
      rcu: commands.reduce((sum, command) => sum + command.rcu, 0),
      wcu: commands.reduce((sum, command) => sum + command.wcu, 0),
      seconds,
    },
  };
}

/**
 * A payout of `lines` payable lines for one associate and month: the lines are
 * seeded straight into the associate's partition (with the repository's own
 * item builder), then the payout is created, the period's statement paged
 * through, and the payout cancelled (freeing every line), each step metered.
 */
export async function measurePayout(options: PayoutBenchOptions): Promise<PayoutBenchReport> {
  const { client, tableName, baseUrl, orgcode, log } = options;
  const caller = await benchCaller(orgcode, ['commission_admin', 'acct_view']);
  const call = (path: string, body: Record<string, unknown>) => httpCall(baseUrl, path, { headers: caller.headers, body })();
  const net = { value: 0 };
  const seedStarted = performance.now();
  await batchPutAll(client, tableName, seedLines(orgcode, options.lines, net));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const amount = fromMinorUnits(BigInt(net.value), 'USD');
  log(`seeded ${options.lines} lines netting USD ${amount} in ${seedSeconds.toFixed(1)} s; creating the payout`);

  const meter = new CapacityMeter().attach(dynamo());
  try {
    const created = await metered(meter, '/commission/payout/create', 1, () =>
      call('/commission/payout/create', { associate_id: associateId, currency: 'USD', ...period }),
    );
    if (created.result.status !== 200) throw new Error(`payout create answered ${created.result.status}: ${created.result.text}`);
    const payout = JSON.parse(created.result.text).data.payout;
    if (payout.line_count !== options.lines || payout.amount !== amount) {
      throw new Error(`the payout took ${payout.line_count} lines for ${payout.amount}; seeded ${options.lines} for ${amount}`);
    }

    log('paging through the statement');
    let pages = 0;
    const statement = await metered(meter, '/commission/statement, 1,000 lines a page', 0, async () => {
      let token: string | null = null;
      let last: any;
      do {
        const page = await call('/commission/statement', { associate_id: associateId, ...period, limit: 1000, ...(token && { next_token: token }) });
        if (page.status !== 200) throw new Error(`statement answered ${page.status}: ${page.text}`);
        last = JSON.parse(page.text).data;
        token = last.next_token;
        pages += 1;
      } while (token);
      return last.statement;
    });
    statement.step.calls = pages;
    const totals = statement.result.totals.find((entry: { currency: string }) => entry.currency === 'USD');
    if (totals?.in_payout !== amount || totals?.net !== amount) {
      throw new Error(`the statement's totals ${JSON.stringify(totals)} do not match the payout's ${amount}`);
    }

    log('cancelling the payout, freeing its lines');
    const cancelled = await metered(meter, '/commission/payout/status/set cancelled (frees every line)', 1, () =>
      call('/commission/payout/status/set', { payout_id: payout.payout_id, status: 'cancelled', expected_revision: 1 }),
    );
    if (cancelled.result.status !== 200) throw new Error(`payout cancel answered ${cancelled.result.status}: ${cancelled.result.text}`);
    return { lines: options.lines, chargebacks: Math.floor(options.lines / chargebackEvery), seedSeconds, amount, steps: [created.step, statement.step, cancelled.step] };
  } finally {
    meter.detach(dynamo());
  }
}
