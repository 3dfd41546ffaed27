/**
 * Difference rows for the constructive start of uniform instances (n = T · s people, T tables of s, R ≤ T rounds):
 * an s × R array D over Z_T such that for any two rows g ≠ h the differences D[g][j] − D[h][j] (mod T) are distinct
 * over the columns j. People are the cells (g, y) of an s × T grid; in round j, table t seats (g, t + D[g][j]) for
 * every row g. Two people of one row never meet; (g, y) and (h, y') meet in round j only when y − y' = D[g][j] −
 * D[h][j], which holds for at most one j: no repeat at all. (With R = T and every difference once, D is a difference
 * matrix and the rounds form a resolvable transversal design; fewer rounds only need distinct differences.)
 * T prime: D[g][j] = g · j. Otherwise a randomised depth-first search with a node budget (12 tables × 8 × 6 rounds:
 * found in well under a millisecond), null when it runs out.
 */
import type { Rng } from './rng';

function isPrime(value: number): boolean {
  if (value < 2) return false;
  for (let d = 2; d * d <= value; d++) if (value % d === 0) return false;
  return true;
}

/** The s × R rows (row-major), or null when none was found within `maxNodes` search steps. */
export function differenceRows(
  order: number,
  rows: number,
  columns: number,
  rng: Rng,
  maxNodes = 100_000,
): Int32Array | null {
  if (rows > order || columns > order || rows < 1 || columns < 1) return null;
  const table = new Int32Array(rows * columns);
  if (isPrime(order)) {
    for (let g = 0; g < rows; g++) for (let j = 0; j < columns; j++) table[g * columns + j] = (g * j) % order;
    return table;
  }
  // Row 0 and column 0 stay 0 (shifting a row or a column keeps the property); cells are filled row by row.
  // used[(g · rows + h) · order + d]: rows g > h already differ by d in some column.
  const used = new Uint8Array(rows * rows * order);
  const cells: number[] = [];
  for (let g = 1; g < rows; g++) for (let j = 1; j < columns; j++) cells.push(g * columns + j);
  const choices: Int32Array[] = [];
  const next = new Int32Array(cells.length);
  const mark = (g: number, j: number, value: number, on: number) => {
    for (let h = 0; h < g; h++)
      used[(g * rows + h) * order + ((value - table[h * columns + j] + order) % order)] = on;
  };
  // Column 0: every pair of rows differs by 0 there.
  for (let g = 1; g < rows; g++) for (let h = 0; h < g; h++) used[(g * rows + h) * order] = 1;
  const fits = (g: number, j: number, value: number) => {
    for (let h = 0; h < g; h++)
      if (used[(g * rows + h) * order + ((value - table[h * columns + j] + order) % order)]) return false;
    return true;
  };
  let nodes = 0;
  let at = 0;
  while (at >= 0 && at < cells.length) {
    if (++nodes > maxNodes) return null;
    const cell = cells[at];
    const g = Math.floor(cell / columns);
    const j = cell % columns;
    if (!choices[at] || next[at] === 0) {
      // First visit of this cell: a fresh random order of the values.
      const order_ = Int32Array.from({ length: order }, (_, v) => v);
      rng.shuffle(order_);
      choices[at] = order_;
    } else {
      mark(g, j, table[cell], 0);
    }
    let placed = false;
    while (next[at] < order) {
      const value = choices[at][next[at]++];
      if (!fits(g, j, value)) continue;
      table[cell] = value;
      mark(g, j, value, 1);
      placed = true;
      break;
    }
    if (placed) {
      at++;
      if (at < cells.length) next[at] = 0;
    } else {
      next[at] = 0;
      table[cell] = 0;
      at--;
    }
  }
  return at < 0 ? null : table;
}
