/** What the service announces on the bus about an invoice (docs/decisions.md: Platform events). */
export type InvoiceNoticeType = 'invoice.issued' | 'invoice.paid' | 'invoice.status_changed';

/** An outgoing event: ids and status only, never the record's contents. */
export interface OutgoingEvent {
  detailType: 'export.ready' | 'export.failed' | 'commission.payout.status_changed' | InvoiceNoticeType;
  detail: { orgcode: string; status: string; revision: number; occurred_at: string } & Record<string, unknown>;
}
