import type { MeetingsProblem } from './problem';

/**
 * An upper bound of the weight that can be placed: the Lagrangian dual of the model, every constraint but "each
 * request at most once" moved into the objective with a multiplier ≥ 0 — u_p for the cap of person p, λ_s for the
 * tables of slot s, μ_ps for "one meeting at a time" of p in s:
 *
 *   L(u, λ, μ) = Σ_r max(0, max_{s common} c_rs) + Σ_p cap_p u_p + T Σ_s λ_s + Σ_ps μ_ps,
 *   c_rs = w_r − u_a − u_b − λ_s − μ_as − μ_bs.
 *
 * Any multipliers ≥ 0 give a valid bound; at their best, L is the LP relaxation's optimum (what is left is a choice
 * of at most one slot per request, whose polytope is integral). The multipliers are found by block coordinate
 * descent: each one in turn set to the value that minimises L with the others fixed (a weighted median, as in
 * max-product LP / MPLP), which never raises L. Returns L at the end, rounded down when every weight is an integer.
 */
/** Most passes of one coordinate descent, and subgradient steps between two of them. */
const DESCENT_SWEEPS = 20;
const SUBGRADIENT_STEPS = 10;

export class LagrangianBound {
  private readonly u: Float64Array;
  private readonly lambda: Float64Array;
  private readonly mu: Float64Array;
  /** Requests having slot s in common: slotRequests[slotStart[s] .. slotStart[s + 1]). */
  private readonly slotStart: Int32Array;
  private readonly slotRequests: Int32Array;
  private values: Float64Array = new Float64Array(16);

  constructor(private readonly problem: MeetingsProblem) {
    const { slots, cap, commonStart, commonSlots } = problem;
    const R = problem.weight.length;
    this.u = new Float64Array(cap.length);
    this.lambda = new Float64Array(slots);
    this.mu = new Float64Array(cap.length * slots);
    this.slotStart = new Int32Array(slots + 1);
    for (const s of commonSlots) this.slotStart[s + 1]++;
    for (let s = 0; s < slots; s++) this.slotStart[s + 1] += this.slotStart[s];
    this.slotRequests = new Int32Array(commonSlots.length);
    const fill = this.slotStart.slice(0, slots);
    for (let r = 0; r < R; r++)
      for (let i = commonStart[r]; i < commonStart[r + 1]; i++) this.slotRequests[fill[commonSlots[i]]++] = r;
  }

  /** L at the current multipliers (exact, from scratch). */
  value(): number {
    const { slots, tables, cap, free, weight } = this.problem;
    let total = 0;
    for (let r = 0; r < weight.length; r++) total += Math.max(0, this.bestReduced(r, -1));
    for (let p = 0; p < cap.length; p++) total += cap[p] * this.u[p];
    for (let s = 0; s < slots; s++) total += tables * this.lambda[s];
    for (let i = 0; i < this.mu.length; i++) if (free[i]) total += this.mu[i];
    return this.problem.integral ? Math.floor(total + 1e-7) : total;
  }

  /** One pass over every multiplier; `shouldStop` is asked now and then. */
  sweep(shouldStop: () => boolean): void {
    const { slots, cap, free, personStart, personRequests } = this.problem;
    const P = cap.length;
    for (let p = 0; p < P; p++) {
      if ((p & 63) === 63 && shouldStop()) return;
      for (let s = 0; s < slots; s++) {
        if (!free[p * slots + s]) continue;
        // μ_ps: each request of p meeting in s gains d_r = c_rs + μ_ps − (its best elsewhere, or 0).
        let n = 0;
        for (let i = personStart[p]; i < personStart[p + 1]; i++) {
          const r = personRequests[i];
          if (!this.hasSlot(r, s)) continue;
          this.push(n++, this.reduced(r, s) + this.mu[p * slots + s] - Math.max(0, this.bestReduced(r, s)));
        }
        this.mu[p * slots + s] = this.kthLargest(n, 2);
      }
    }
    for (let s = 0; s < slots; s++) {
      let n = 0;
      for (let i = this.slotStart[s]; i < this.slotStart[s + 1]; i++) {
        const r = this.slotRequests[i];
        this.push(n++, this.reduced(r, s) + this.lambda[s] - Math.max(0, this.bestReduced(r, s)));
      }
      this.lambda[s] = this.kthLargest(n, this.problem.tables + 1);
    }
    for (let p = 0; p < P; p++) {
      let n = 0;
      for (let i = personStart[p]; i < personStart[p + 1]; i++)
        this.push(n++, this.bestReduced(personRequests[i], -1) + this.u[p]);
      this.u[p] = this.kthLargest(n, cap[p] + 1);
    }
  }

  /**
   * One projected subgradient step towards `target` (a weight known to be reachable), Polyak's step times
   * `theta`: moves the multipliers off a point where no single one can lower L. Returns L before the step.
   */
  subgradientStep(target: number, theta: number): number {
    const { slots, tables, cap, free, reqA, reqB, weight, commonStart, commonSlots } = this.problem;
    const P = cap.length;
    const countP = new Int32Array(P);
    const countS = new Int32Array(slots);
    const countPS = new Int32Array(P * slots);
    let value = 0;
    for (let r = 0; r < weight.length; r++) {
      let best = 0;
      let bestSlot = -1;
      for (let i = commonStart[r]; i < commonStart[r + 1]; i++) {
        const reduced = this.reduced(r, commonSlots[i]);
        if (reduced > best) {
          best = reduced;
          bestSlot = commonSlots[i];
        }
      }
      if (bestSlot < 0) continue;
      value += best;
      countP[reqA[r]]++;
      countP[reqB[r]]++;
      countS[bestSlot]++;
      countPS[reqA[r] * slots + bestSlot]++;
      countPS[reqB[r] * slots + bestSlot]++;
    }
    let norm = 0;
    for (let p = 0; p < P; p++) {
      value += cap[p] * this.u[p];
      const g = cap[p] - countP[p];
      if (this.u[p] > 0 || g < 0) norm += g * g;
    }
    for (let s = 0; s < slots; s++) {
      value += tables * this.lambda[s];
      const g = tables - countS[s];
      if (this.lambda[s] > 0 || g < 0) norm += g * g;
    }
    for (let i = 0; i < this.mu.length; i++) {
      if (!free[i]) continue;
      value += this.mu[i];
      const g = 1 - countPS[i];
      if (this.mu[i] > 0 || g < 0) norm += g * g;
    }
    if (norm === 0 || value <= target) return value;
    const step = (theta * (value - target)) / norm;
    for (let p = 0; p < P; p++) this.u[p] = Math.max(0, this.u[p] - step * (cap[p] - countP[p]));
    for (let s = 0; s < slots; s++)
      this.lambda[s] = Math.max(0, this.lambda[s] - step * (tables - countS[s]));
    for (let i = 0; i < this.mu.length; i++)
      if (free[i]) this.mu[i] = Math.max(0, this.mu[i] - step * (1 - countPS[i]));
    return value;
  }

  /** The multipliers, to keep the best point seen. */
  save(): Float64Array[] {
    return [this.u.slice(), this.lambda.slice(), this.mu.slice()];
  }

  restore([u, lambda, mu]: Float64Array[]): void {
    this.u.set(u);
    this.lambda.set(lambda);
    this.mu.set(mu);
  }

  private reduced(r: number, s: number): number {
    const { slots, reqA, reqB, weight } = this.problem;
    const a = reqA[r];
    const b = reqB[r];
    return (
      weight[r] - this.u[a] - this.u[b] - this.lambda[s] - this.mu[a * slots + s] - this.mu[b * slots + s]
    );
  }

  /** The best c_rs over r's common slots other than `except` (−∞ when none). */
  private bestReduced(r: number, except: number): number {
    const { commonStart, commonSlots } = this.problem;
    let best = Number.NEGATIVE_INFINITY;
    for (let i = commonStart[r]; i < commonStart[r + 1]; i++) {
      const s = commonSlots[i];
      if (s !== except) best = Math.max(best, this.reduced(r, s));
    }
    return best;
  }

  private hasSlot(r: number, s: number): boolean {
    return (
      this.problem.free[this.problem.reqA[r] * this.problem.slots + s] === 1 &&
      this.problem.free[this.problem.reqB[r] * this.problem.slots + s] === 1
    );
  }

  private push(i: number, value: number): void {
    if (i >= this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[i] = value;
  }

  /** max(0, the k-th largest of values[0..n)), 0 when there are fewer than k. */
  private kthLargest(n: number, k: number): number {
    if (n < k) return 0;
    const sorted = this.values.subarray(0, n).sort();
    return Math.max(0, sorted[n - k]);
  }
}

/**
 * The bound: coordinate descent until a pass no longer lowers L, then, when it stalls above `target` (the weight
 * placed so far), rounds of subgradient steps from there, each followed by coordinate descent again; the least L
 * seen. `rounds` bounds the work; `shouldStop` is asked now and then.
 */
export function lagrangianBound(
  problem: MeetingsProblem,
  target: number,
  rounds: number,
  shouldStop: () => boolean,
): number {
  const bound = new LagrangianBound(problem);
  let best = bound.value();
  let bestPoint = bound.save();
  let theta = 1;
  const descend = () => {
    let value = bound.value();
    for (let i = 0; i < DESCENT_SWEEPS && !shouldStop(); i++) {
      bound.sweep(shouldStop);
      const next = bound.value();
      if (next >= value - 1e-9 * Math.max(1, value)) break;
      value = next;
    }
    if (value < best) {
      best = value;
      bestPoint = bound.save();
      return true;
    }
    return false;
  };
  descend();
  for (let round = 0; round < rounds && best > target + 1e-9 && !shouldStop(); round++) {
    for (let i = 0; i < SUBGRADIENT_STEPS; i++) bound.subgradientStep(target, theta);
    if (!descend()) {
      theta /= 2;
      bound.restore(bestPoint);
    }
  }
  return best;
}
