import { z } from 'zod';
import { shortText, taxBasis, taxLiabilityTrigger } from '../common-schemas';

/** Spec TaxFilters: every field optional; a `tax_audit` export keeps only the lines they all accept. */
export const taxFilters = z
  .object({
    jurisdiction_codes: z.array(shortText).min(1).max(100).optional(),
    tax_policy_versions: z.array(shortText).min(1).max(100).optional(),
    tax_basis: taxBasis.optional(),
    tax_liability_trigger: taxLiabilityTrigger.optional(),
    require_tax_amount: z.boolean().optional(),
  })
  .strict();
export type TaxFilters = z.infer<typeof taxFilters>;
