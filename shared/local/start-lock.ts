import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive';

/** Raised when another `npm start` holds the data folder. */
export class LocalStackAlreadyRunningError extends Error {
  override name = 'LocalStackAlreadyRunningError';
}

export interface StartLock {
  /** The pid of a start that died without releasing the lock, if one did. */
  staleFrom?: number;
  release(): void;
}

/**
 * Takes the data folder for this process before anything starts: one local
 * stack per folder (two would share DynamoDB Local's files). The lock is a
 * file created exclusively, holding the pid; one left by a process that no
 * longer runs (killed with SIGKILL) is taken over, and `staleFrom` says so.
 */
export function lockDataFolder(dataDir: string): StartLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'npm-start.pid');
  let staleFrom: number | undefined;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder)) {
        throw new LocalStackAlreadyRunningError(
          `npm start is already running on ${dataDir} (pid ${holder}). Stop it first, or use another --data-dir.`,
        );
      }
      staleFrom = holder;
      rmSync(file, { force: true });
    }
  }
  return {
    staleFrom,
    release: () => {
      try {
        if (Number(readFileSync(file, 'utf8')) === process.pid) rmSync(file, { force: true });
      } catch {
        // Already gone: nothing of ours to remove.
      }
    },
  };
}
