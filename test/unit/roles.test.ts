import { isAllowed } from '../../shared/auth/roles';

describe('role families', () => {
  it('lets acct_view, finance_audit and the owner read, and nobody else', () => {
    expect(isAllowed('read', { roles: ['acct_view'], owner: false })).toBe(true);
    expect(isAllowed('read', { roles: ['finance_audit'], owner: false })).toBe(true);
    expect(isAllowed('read', { roles: [], owner: true })).toBe(true);
    expect(isAllowed('read', { roles: ['ar_admin', 'commission_admin'], owner: false })).toBe(false);
  });

  it('keeps AR writes to the spec table: no owner shortcut', () => {
    expect(isAllowed('ar_write', { roles: [], owner: true })).toBe(false);
    expect(isAllowed('ar_write', { roles: ['ar_admin'], owner: false })).toBe(true);
  });

  it('gives ledger writes to acct_export_admin, finance_audit or the owner', () => {
    expect(isAllowed('ledger_write', { roles: ['acct_view'], owner: false })).toBe(false);
    expect(isAllowed('ledger_write', { roles: ['acct_export_admin'], owner: false })).toBe(true);
    expect(isAllowed('ledger_write', { roles: [], owner: true })).toBe(true);
  });
});
