import { checkFence, fenceSignal } from './invocation-fence';

/**
 * Resolves after `ms` on the global timer; inside an invocation's fence it
 * rejects with the fence's reason as soon as the fence ends, so a retry's wait
 * never carries work past its deadline (shared/invocation-fence.ts).
 * The retries and waits of every function use it rather than
 * `node:timers/promises`, a module its import would load for this alone
 * (about 0.15 ms of every cold start).
 */
export function pause(ms: number): Promise<void> {
  const signal = fenceSignal();
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      try {
        // A timer set before a freeze fires late, maybe before the fence's own: the wall clock decides.
        checkFence();
        resolve();
      } catch (error) {
        reject(error);
      }
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}
