/**
 * The table and bucket of each test worker: global-setup.ts provisions one pair
 * per worker, and worker-setup.ts points each test file at its worker's. Test
 * files run side by side, one per worker: a file sees only its own items and
 * those of the files its worker ran before, as with one worker, and no sweep of
 * one file takes another's work while both run.
 */
export const testResourceNames = { tableName: 'accounting-test', bucketName: 'accounting-test' } as const;

export function workerResourceNames(worker: number) {
  return { tableName: `${testResourceNames.tableName}-${worker}`, bucketName: `${testResourceNames.bucketName}-${worker}` };
}

