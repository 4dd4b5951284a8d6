/**
 * A clock that jumps from one scheduled instant to the next: what runs at an
 * instant runs with `now` set to it, and its promises settle before the clock
 * moves on, so thousands of environments' calls and their requests' round
 * trips take no real time and no CPU of one process stands in for many.
 */
export class VirtualClock {
  private readonly queue: Array<{ at: number; order: number; run: () => void }> = [];
  private scheduled = 0;

  constructor(public now: number) {}

  /** Runs `run` at `at` (now, if that is past). */
  at(at: number, run: () => void): void {
    this.queue.push({ at: Math.max(at, this.now), order: this.scheduled++, run });
  }

  /** Resolves `ms` later on this clock. */
  after(ms: number): Promise<void> {
    return new Promise((resolve) => this.at(this.now + ms, resolve));
  }

  /** Runs everything scheduled, in order of time (then of scheduling), until nothing is left. */
  async run(): Promise<void> {
    while (this.queue.length > 0) {
      let next = 0;
      for (let index = 1; index < this.queue.length; index += 1) {
        const [candidate, best] = [this.queue[index]!, this.queue[next]!];
        if (candidate.at < best.at || (candidate.at === best.at && candidate.order < best.order)) next = index;
      }
      const { at, run } = this.queue.splice(next, 1)[0]!;
      this.now = at;
      run();
      // What `run` set going (its awaits, and theirs) settles before the clock moves.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
