/**
 * One round's seating as groups, for the grouping search (grouping.ts): who sits at which table, each table's
 * people, and the delta matrix sumTo[g · n + x] = Σ score(x, y) over the people y at table g, which makes the change
 * of a move or a swap O(1) to evaluate and O(n) to make.
 */
/**
 * The seating of one round as groups, with the delta matrix kept up to date. `d` is the score matrix times the
 * objective's sign (maximised); `group[i]` is -1 for people not seated (absent). The delta matrix is stored by
 * table (`sumTo[g · n + x]`), so that a move updates two contiguous columns; `members` lists each table's people.
 */
export class Grouping {
  readonly group: Int32Array;
  readonly size: Int32Array;
  readonly sumTo: Float64Array;
  /** members[g · n + k], k < size[g]: the people at table g; place[i]: i's k. */
  readonly members: Int32Array;
  readonly place: Int32Array;
  value = 0;

  constructor(
    readonly n: number,
    readonly G: number,
    readonly d: Float64Array,
  ) {
    this.group = new Int32Array(n).fill(-1);
    this.size = new Int32Array(G);
    this.sumTo = new Float64Array(n * G);
    this.members = new Int32Array(n * G);
    this.place = new Int32Array(n);
  }

  /** Σ score(i, x) over the people x at table g. */
  to(i: number, g: number): number {
    return this.sumTo[g * this.n + i];
  }

  clear() {
    this.group.fill(-1);
    this.size.fill(0);
    this.sumTo.fill(0);
    this.value = 0;
  }

  /** Seats i (unseated) at g. */
  add(i: number, g: number) {
    const { n, d, sumTo } = this;
    this.value += sumTo[g * n + i];
    this.join(i, g);
    const row = i * n;
    const column = g * n;
    for (let x = 0; x < n; x++) sumTo[column + x] += d[row + x];
  }

  private join(i: number, g: number) {
    this.group[i] = g;
    this.place[i] = this.size[g];
    this.members[g * this.n + this.size[g]++] = i;
  }

  private leave(i: number) {
    const g = this.group[i];
    const last = this.members[g * this.n + --this.size[g]];
    this.members[g * this.n + this.place[i]] = last;
    this.place[last] = this.place[i];
  }

  /** The change of the value if i moves to table g. */
  moveDelta(i: number, g: number): number {
    const { n, sumTo } = this;
    return sumTo[g * n + i] - sumTo[this.group[i] * n + i];
  }

  /** The change of the value if i and j (at different tables) trade seats. */
  swapDelta(i: number, j: number): number {
    const { n, sumTo, group } = this;
    const gi = group[i] * n;
    const gj = group[j] * n;
    return sumTo[gj + i] - sumTo[gi + i] + sumTo[gi + j] - sumTo[gj + j] - 2 * this.d[i * n + j];
  }

  move(i: number, g: number) {
    const { n, d, sumTo } = this;
    const from = this.group[i];
    this.value += sumTo[g * n + i] - sumTo[from * n + i];
    this.leave(i);
    this.join(i, g);
    const row = i * n;
    const out = from * n;
    const into = g * n;
    for (let x = 0; x < n; x++) {
      const v = d[row + x];
      sumTo[out + x] -= v;
      sumTo[into + x] += v;
    }
  }

  swap(i: number, j: number) {
    const gi = this.group[i];
    this.move(i, this.group[j]);
    this.move(j, gi);
  }

  copyFrom(other: Grouping) {
    this.group.set(other.group);
    this.size.set(other.size);
    this.sumTo.set(other.sumTo);
    this.members.set(other.members);
    this.place.set(other.place);
    this.value = other.value;
  }

  /** The value recounted from the groups (tests). */
  recount(): number {
    const { n, d, group } = this;
    let total = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) if (group[i] >= 0 && group[i] === group[j]) total += d[i * n + j];
    return total;
  }
}
