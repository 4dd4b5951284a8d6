/** Nearest-rank percentile of a sample (p in 0..100); the sample need not be sorted. */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) throw new Error('percentile of an empty sample');
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (sample: readonly number[]) => percentile(sample, 50);

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
