/**
 * Role families of the spec's Authentication table, plus (docs/decisions.md: Roles):
 * `finance_audit` reads everything in its organisation, and ledger writes the
 * table does not name need `acct_export_admin`, `finance_audit` or the owner.
 * Comments and the inbox are for any member (each inbox route then shows a
 * caller only its own items); putting an item in someone's inbox takes
 * `finance_audit`, the owner, or an API key (a service account of the org).
 */
export const roleFamilies = {
  read: { roles: ['acct_view', 'finance_audit'], owner: true },
  ledger_write: { roles: ['acct_export_admin', 'finance_audit'], owner: true },
  export_admin: { roles: ['acct_export_admin'], owner: true },
  ar_write: { roles: ['ar_admin', 'acct_export_admin', 'finance_audit'], owner: false },
  commission_write: {
    roles: ['commission_admin', 'ar_admin', 'acct_export_admin', 'finance_audit'],
    owner: false,
  },
  rollup_read: { roles: ['acct_view', 'acct_export_admin', 'finance_audit'], owner: false },
  /** The general-ledger journal's reads: its writers (export creation) and the readers (docs/decisions.md: General ledger journal). */
  gl_read: { roles: ['acct_view', 'acct_export_admin', 'finance_audit'], owner: true },
  member: { roles: [], owner: true, anyMember: true },
  inbox_create: { roles: ['finance_audit'], owner: true, apiKeys: true },
} as const satisfies Record<string, { roles: readonly string[]; owner: boolean; anyMember?: true; apiKeys?: true }>;

export type RoleFamily = keyof typeof roleFamilies;

export const knownRoles = [
  'acct_view',
  'acct_export_admin',
  'ar_admin',
  'commission_admin',
  'finance_audit',
] as const;

export type Role = (typeof knownRoles)[number];

export function isAllowed(family: RoleFamily, caller: { roles: readonly string[]; owner: boolean; kind?: string }) {
  const rule = roleFamilies[family];
  if ('anyMember' in rule) return true;
  if ('apiKeys' in rule && caller.kind === 'api_key') return true;
  if (rule.owner && caller.owner) return true;
  return caller.roles.some((role) => (rule.roles as readonly string[]).includes(role));
}
