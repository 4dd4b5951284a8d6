import { isAllowed } from '../../shared/domain/auth/roles';

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

  it('lets any member comment, and finance_audit, the owner or any API key of the org put items in inboxes', () => {
    expect(isAllowed('member', { roles: [], owner: false })).toBe(true);
    expect(isAllowed('inbox_create', { roles: [], owner: false, kind: 'api_key' })).toBe(true);
    expect(isAllowed('inbox_create', { roles: ['finance_audit'], owner: false, kind: 'session' })).toBe(true);
    expect(isAllowed('inbox_create', { roles: [], owner: true, kind: 'session' })).toBe(true);
    expect(isAllowed('inbox_create', { roles: ['acct_view'], owner: false, kind: 'session' })).toBe(false);
  });

  it('gives ledger writes to acct_export_admin, finance_audit or the owner', () => {
    expect(isAllowed('ledger_write', { roles: ['acct_view'], owner: false })).toBe(false);
    expect(isAllowed('ledger_write', { roles: ['acct_export_admin'], owner: false })).toBe(true);
    expect(isAllowed('ledger_write', { roles: [], owner: true })).toBe(true);
  });
});
