/**
 * Mutually orthogonal Latin squares (MOLS) for the constructive start of s-s-R instances (n = s², s tables of s,
 * R ≤ s + 1 rounds): round 0 seats the rows of an s × s grid, round 1 its columns, round 2 + k the cells of
 * symbol t in the k-th square at table t. Two people then never meet twice (this is the affine plane when s is a
 * prime power). Order 10 has no such field; the pair below was found by a transversal search (orthogonal mate of
 * a random Latin square) and checked: its 100 cells carry 100 distinct symbol pairs.
 */

const ORDER_10 = [
  '7630248195581647932040895276133254791086932708546104913627582543106879610285493787659132041978630542',
  '0123456789603781259498750346217582691043346972510823069478151240568937591837046287941032564651289370',
];

/** Irreducible polynomials (coefficients of x^0..x^(k-1) of x^k's remainder, negated) for prime powers. */
const FIELDS: Record<number, { p: number; k: number; reduce: number[] }> = {
  4: { p: 2, k: 2, reduce: [1, 1] }, // x² = x + 1
  8: { p: 2, k: 3, reduce: [1, 1, 0] }, // x³ = x + 1
  9: { p: 3, k: 2, reduce: [2, 0] }, // x² = -1
  16: { p: 2, k: 4, reduce: [1, 1, 0, 0] }, // x⁴ = x + 1
  25: { p: 5, k: 2, reduce: [2, 0] }, // x² = 2
  27: { p: 3, k: 3, reduce: [2, 1, 0] }, // x³ = x + 2 (x³ + 2x + 1)
  32: { p: 2, k: 5, reduce: [1, 0, 1, 0, 0] }, // x⁵ = x² + 1
  49: { p: 7, k: 2, reduce: [6, 0] }, // x² = -1
};

function isPrime(s: number): boolean {
  if (s < 2) return false;
  for (let d = 2; d * d <= s; d++) if (s % d === 0) return false;
  return true;
}

/** Addition and multiplication tables of the field of order s (elements 0..s-1 as base-p digit vectors). */
function fieldTables(s: number): { add: Int32Array; mul: Int32Array } | null {
  let p = s;
  let k = 1;
  let reduce = [0];
  if (!isPrime(s)) {
    const field = FIELDS[s];
    if (!field) return null;
    ({ p, k, reduce } = field);
  }
  const digits = (x: number) => Array.from({ length: k }, (_, d) => Math.floor(x / p ** d) % p);
  const value = (v: number[]) => v.reduce((sum, c, d) => sum + c * p ** d, 0);
  const add = new Int32Array(s * s);
  const mul = new Int32Array(s * s);
  for (let a = 0; a < s; a++) {
    for (let b = 0; b < s; b++) {
      const da = digits(a);
      const db = digits(b);
      add[a * s + b] = value(da.map((c, d) => (c + db[d]) % p));
      if (k === 1) {
        mul[a * s + b] = (a * b) % p;
        continue;
      }
      const product = new Array(2 * k - 1).fill(0);
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) product[i + j] = (product[i + j] + da[i] * db[j]) % p;
      for (let d = 2 * k - 2; d >= k; d--) {
        const c = product[d];
        product[d] = 0;
        for (let e = 0; e < k; e++) product[d - k + e] = (product[d - k + e] + c * reduce[e]) % p;
      }
      mul[a * s + b] = value(product.slice(0, k));
    }
  }
  return { add, mul };
}

/** `count` MOLS of order s as flat arrays (cell x * s + y → symbol), or null when none is known here. */
export function mutuallyOrthogonalSquares(s: number, count: number): Int32Array[] | null {
  if (count <= 0) return [];
  if (s === 10 && count <= 2) return ORDER_10.slice(0, count).map((text) => Int32Array.from(text, Number));
  const field = fieldTables(s);
  if (!field || count > s - 1) return null;
  const squares: Int32Array[] = [];
  for (let c = 1; c <= count; c++) {
    const square = new Int32Array(s * s);
    for (let x = 0; x < s; x++)
      for (let y = 0; y < s; y++) square[x * s + y] = field.add[x * s + field.mul[c * s + y]];
    squares.push(square);
  }
  return squares;
}
