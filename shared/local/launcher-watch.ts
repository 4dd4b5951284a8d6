import { readFileSync } from 'node:fs';
import { isProcessAlive } from './process-alive';

/** How deep to look for npm above us: npm → sh → tsx → this process. */
const maxAncestors = 4;

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...", comm may hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The processes that launched this one, from its parent up to the `npm` that
 * ran `npm start` (npm, then sh, then tsx, each a process of its own), or only
 * the parent where there is no npm above it or no /proc to read.
 */
function launchers(): number[] {
  const chain: number[] = [];
  let pid: number | undefined = process.ppid;
  while (pid !== undefined && pid > 1 && chain.length < maxAncestors) {
    chain.push(pid);
    if (/(^|\/)npm(-cli\.js)?( |$)/.test(commandOf(pid) ?? '')) return chain;
    pid = parentOf(pid);
  }
  return [process.ppid];
}

/**
 * Calls `stop` once any process that launched this one is gone: killed with
 * SIGKILL, npm cannot pass anything on, and its children would otherwise go on
 * serving with nobody to stop them.
 */
export function stopWhenLauncherExits(stop: () => void, everyMs = 1_000): void {
  const watched = launchers();
  const timer = setInterval(() => {
    if (watched.some((pid) => !isProcessAlive(pid))) {
      clearInterval(timer);
      stop();
    }
  }, everyMs);
  timer.unref();
}
