/**
 * When to stop and what to tell: the time limit and the abort signal (the only uses of the clock: stopping, never
 * deciding), and progress reports at most every 100 ms.
 */
import type { SolveOptions } from '../instance';

export class Budget {
  private readonly started = performance.now();
  private readonly deadline: number;
  private lastReport = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** The checks made (`done()` calls): the work done, for `workLimit`. */
  private checks = 0;

  constructor(private readonly options: SolveOptions) {
    // A little is kept for writing the result, so that the whole call ends within the limit.
    const limitMs = Math.max(0, options.timeLimitSeconds) * 1000;
    this.deadline = this.started + limitMs * 0.97;
  }

  seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** True once the time is up or the caller aborted (sticky). */
  done(): boolean {
    if (this.stopped) return true;
    this.checks++;
    const now = performance.now();
    const { workLimit, signal } = this.options;
    if (now >= this.deadline || signal?.aborted || (workLimit !== undefined && this.checks >= workLimit))
      this.stopped = true;
    return this.stopped;
  }

  /**
   * A budget for a first phase: done at this share of the time (or when this one is done); with a `workLimit`, at
   * this share of the work left instead, so that the phases split the same way on any machine.
   */
  share(fraction: number): Budget {
    const { workLimit } = this.options;
    const end = this.started + (this.deadline - this.started) * fraction;
    const workEnd = workLimit === undefined ? 0 : this.checks + (workLimit - this.checks) * fraction;
    const child = Object.create(Budget.prototype) as Budget;
    return Object.assign(child, {
      done: () =>
        this.done() || (workLimit === undefined ? performance.now() >= end : this.checks >= workEnd),
      report: (best: number) => this.report(best),
      seconds: () => this.seconds(),
    });
  }

  report(best: number) {
    if (!this.options.onProgress) return;
    const now = performance.now();
    if (now - this.lastReport < 100) return;
    this.lastReport = now;
    const span = this.deadline - this.started;
    this.options.onProgress({ fraction: span > 0 ? Math.min(1, (now - this.started) / span) : 1, best });
  }
}
