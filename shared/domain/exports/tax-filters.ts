import * as z from 'zod/mini';
import { shortText, taxBasis, taxLiabilityTrigger } from '../common-schemas';

/** Spec TaxFilters: every field optional; a `tax_audit` export keeps only the lines they all accept. */
export const taxFilters = z.strictObject({
  jurisdiction_codes: z.optional(z.array(shortText).check(z.minLength(1), z.maxLength(100))),
  tax_policy_versions: z.optional(z.array(shortText).check(z.minLength(1), z.maxLength(100))),
  tax_basis: z.optional(taxBasis),
  tax_liability_trigger: z.optional(taxLiabilityTrigger),
  require_tax_amount: z.optional(z.boolean()),
});
export type TaxFilters = z.infer<typeof taxFilters>;
