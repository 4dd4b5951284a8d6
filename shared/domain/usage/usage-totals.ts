/** The service the API call meters count for: this one. */
export const meteredService = 'accounting';

/** The spec's UsageTotals, in the names the call meters count them by. */
export const usageCounters = ['api_calls', 'records', 'deliveries', 'bandwidth_in_bytes', 'bandwidth_out_bytes', 'errors'] as const;
export type UsageTotals = Record<(typeof usageCounters)[number], number>;
