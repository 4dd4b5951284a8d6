import type { Money, SourceRef } from '../common-schemas';

/** The fields of a ledger event the rollup reads. */
export interface LedgerEntry {
  amount?: Money;
  tax_amount?: Money;
  channel_code?: string;
  tax_jurisdiction_code?: string;
  /** Only what the `tax` dimension reads of each component (./tax-parts.ts). */
  tax_components?: Array<{ jurisdiction_code?: string; amount?: Money }>;
  source_refs?: SourceRef[];
}
