/** One target of `npm run bench`: what it measured against its limit, and whether it holds (a MISS otherwise). */
export interface TargetVerdict {
  target: string;
  measured: string;
  limit: string;
  pass: boolean;
}
