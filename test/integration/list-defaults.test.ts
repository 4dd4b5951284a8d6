import { inputJsonSchema } from '../../shared/openapi/json-schemas';
import { httpRoutes } from '../../shared/routes/registry';
import { type Seeded, type StatusSeeder, statusSeeders } from '../support/fixtures/every-status';
import { untilListed, useOrg, useStack } from '../support/harness';

/**
 * Spec list rule 4 (docs/decisions.md: HTTP contract, Lists): a list over
 * records with terminal statuses shows the others unless a status is asked
 * for; asked for a status, it shows exactly that status, terminal or not. One
 * row per list route with a status: the organisation holds records of every
 * status of the family, made through the routes and consumers where a caller
 * can make them.
 */
interface ListRule {
  path: string;
  /** The list's records in a page's `data`, and each record's id. */
  items: string;
  id: string;
  /** What the list is asked for besides `status`. */
  scope: Record<string, unknown>;
  statuses: readonly string[];
  terminal: readonly string[];
  /** Not terminal, yet hidden by default: archiving puts a comment or an inbox item out of the default view. */
  putAway?: readonly string[];
  shownByDefault: readonly string[];
  seed: StatusSeeder;
  /**
   * Some of the seeded records are written by the service on its own (a
   * consumer, the export worker) or stored through the repositories: answered
   * to no caller, they are listed once the index follows, so the reads poll.
   */
  writtenOnItsOwn?: true;
}

const lifecycle = ['current', 'archived', 'doomed'];

const rules: ListRule[] = [
  {
    path: '/commission/list',
    items: 'commissions',
    id: 'commission_id',
    scope: { associate_id: 'assoc_lists' },
    statuses: ['unrated', 'accrued', 'voided', 'paid'],
    terminal: ['voided', 'paid'],
    shownByDefault: ['unrated', 'accrued'],
    seed: statusSeeders.commissions,
    writtenOnItsOwn: true,
  },
  {
    path: '/commission/payout/list',
    items: 'payouts',
    id: 'payout_id',
    scope: {},
    statuses: ['pending', 'approved', 'paid', 'cancelled'],
    terminal: ['paid', 'cancelled'],
    shownByDefault: ['pending', 'approved'],
    seed: statusSeeders.payouts,
  },
  {
    path: '/invoice/list',
    items: 'invoices',
    id: 'invoice_id',
    scope: {},
    statuses: ['draft', 'open', 'partially_paid', 'paid', 'void', 'written_off'],
    terminal: ['paid', 'void', 'written_off'],
    shownByDefault: ['draft', 'open', 'partially_paid'],
    seed: statusSeeders.invoices,
  },
  {
    path: '/export/list',
    items: 'exports',
    id: 'export_id',
    scope: {},
    statuses: ['pending', 'running', 'ready', 'failed'],
    terminal: ['ready', 'failed'],
    shownByDefault: ['pending', 'running'],
    seed: statusSeeders.exports,
    writtenOnItsOwn: true,
  },
  {
    path: '/export/batch/list',
    items: 'batches',
    id: 'batch_id',
    scope: {},
    statuses: ['pending', 'running', 'ready', 'sent', 'failed'],
    terminal: ['sent', 'failed'],
    shownByDefault: ['pending', 'running', 'ready'],
    seed: statusSeeders.batches,
    writtenOnItsOwn: true,
  },
  {
    path: '/export/schedule/list',
    items: 'schedules',
    id: 'schedule_id',
    scope: {},
    statuses: ['active', 'suspended'],
    terminal: [],
    shownByDefault: ['active', 'suspended'],
    seed: statusSeeders.schedules,
  },
  {
    path: '/comment/list',
    items: 'comments',
    id: 'comment_id',
    scope: { org_wide: true },
    statuses: lifecycle,
    terminal: ['doomed'],
    putAway: ['archived'],
    shownByDefault: ['current'],
    seed: statusSeeders.comments,
  },
  {
    path: '/inbox/list',
    items: 'items',
    id: 'item_id',
    scope: {},
    statuses: lifecycle,
    terminal: ['doomed'],
    putAway: ['archived'],
    shownByDefault: ['current'],
    seed: statusSeeders.inbox,
  },
];

useStack();
const org = useOrg('LIST', {
  owner: { owner: true, roles: ['acct_view', 'acct_export_admin', 'ar_admin', 'commission_admin', 'finance_audit'] },
});

const sorted = (ids: Iterable<string>) => [...ids].sort();
const idsOf = (seeded: readonly Seeded[], statuses: readonly string[]) =>
  sorted(seeded.filter((record) => statuses.includes(record.status)).map((record) => record.id));

it('has a row for every list route that takes a status, each stating the rule', () => {
  const withStatus = httpRoutes.filter((route) => route.path.endsWith('/list') && inputJsonSchema(route.schema).properties?.status);
  expect(sorted(rules.map((rule) => rule.path))).toEqual(sorted(withStatus.map((route) => route.path)));
  for (const rule of rules) {
    const hidden = [...rule.terminal, ...(rule.putAway ?? [])];
    expect(rule.shownByDefault).toEqual(rule.statuses.filter((status) => !hidden.includes(status)));
    const schemaStatuses = inputJsonSchema(httpRoutes.find((route) => route.path === rule.path)!.schema).properties?.status;
    expect(sorted((schemaStatuses as { enum?: string[] }).enum ?? [])).toEqual(sorted(rule.statuses));
  }
});

describe.each(rules.map((rule) => [rule.path, rule] as const))('%s', (_path, rule) => {
  it(`shows ${rule.shownByDefault.join(', ')} without status, and exactly the status asked for`, async () => {
    const seeded = await rule.seed(org);
    expect(sorted(new Set(seeded.map((record) => record.status)))).toEqual(sorted(rule.statuses));

    const listed = rule.writtenOnItsOwn ? untilListed : (read: () => Promise<void>) => read();

    await listed(async () => {
      const byDefault = await org.listAll('owner', rule.path, rule.scope, rule.items);
      expect(sorted(byDefault.map((record) => record[rule.id]))).toEqual(idsOf(seeded, rule.shownByDefault));
    });
    for (const status of rule.statuses) {
      await listed(async () => {
        const asked = await org.listAll('owner', rule.path, { ...rule.scope, status }, rule.items);
        expect({ status, ids: sorted(asked.map((record) => record[rule.id])) }).toEqual({ status, ids: idsOf(seeded, [status]) });
        expect(asked.every((record) => record.status === status)).toBe(true);
      });
    }
  });
});
