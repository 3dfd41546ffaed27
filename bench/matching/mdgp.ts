/**
 * The published MDGP benchmark (MDGPLIB: Gallego, Laguna, Martí & Duarte 2013; RanReal, RanInt, Geo) as table
 * instances, and the best known values beside them (TPSDP: Yang et al., EJOR 302(3), 2022). Files in
 * `../shared/mdgp/` from the repository root (format and origin: its SOURCE.md):
 * - `instances/NAME.txt`: `n m ss|ds a_1 b_1 … a_m b_m`, then `i j d_ij` for every pair i < j (0-based);
 * - `tpsdp-solutions/NAME.txt`: first line `instance best mean worst` (20 runs), then the best seating.
 *
 * An instance becomes one round of `similar` seating at m tables of b_g seats (a_g more: `minSeats`), with one
 * question per pair (`d{i}-{j}`, weight d_ij) that only i and j answer, alike: every pair's score is its distance,
 * exactly (a distance of 0 is a question of weight 0).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TablesInstance } from '../../server/matching/instance';

/** `../shared/mdgp/` beside the repository (how CI sees it). */
export const MDGP_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'shared',
  'mdgp',
);

export interface MdgpInstance {
  name: string;
  n: number;
  /** Fewest and most people in each group. */
  lo: number[];
  hi: number[];
  /** `ss` (same sizes, lo = hi) or `ds` (sizes between lo and hi). */
  kind: 'ss' | 'ds';
  /** d[i * n + j], symmetric. */
  d: Float64Array;
}

export interface MdgpReference {
  /** The best value as published (computed by TPSDP's code, which reads the distances as 32-bit floats). */
  best: number;
  /** Mean and worst of TPSDP's 20 runs. */
  mean: number;
  worst: number;
  /** The published best seating: group of each element. */
  groups: Int32Array;
}

export function readMdgpInstance(file: string): MdgpInstance {
  const text = fs.readFileSync(file, 'utf8');
  const tokens = text.split(/\s+/).filter(Boolean);
  const n = Number(tokens[0]);
  const m = Number(tokens[1]);
  const kind = tokens[2];
  if (!Number.isInteger(n) || !Number.isInteger(m) || (kind !== 'ss' && kind !== 'ds'))
    throw new Error(`${file}: not an MDGPLIB instance (header ${tokens.slice(0, 3).join(' ')})`);
  const lo: number[] = [];
  const hi: number[] = [];
  for (let g = 0; g < m; g++) {
    lo.push(Number(tokens[3 + 2 * g]));
    hi.push(Number(tokens[4 + 2 * g]));
  }
  const d = new Float64Array(n * n);
  let pairs = 0;
  for (let k = 3 + 2 * m; k + 2 < tokens.length; k += 3) {
    const i = Number(tokens[k]);
    const j = Number(tokens[k + 1]);
    const v = Number(tokens[k + 2]);
    d[i * n + j] = v;
    d[j * n + i] = v;
    pairs++;
  }
  if (pairs !== (n * (n - 1)) / 2)
    throw new Error(`${file}: ${pairs} distances, expected ${(n * (n - 1)) / 2}`);
  return { name: path.basename(file, '.txt'), n, lo, hi, kind, d };
}

export function readMdgpReference(file: string): MdgpReference {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const [best, mean, worst] = lines[0].trim().split(/\s+/).slice(1, 4).map(Number);
  if (![best, mean, worst].every(Number.isFinite))
    throw new Error(`${file}: no "instance best mean worst" line`);
  const header = /N = (\d+)\s+G = (\d+)/.exec(lines[1] ?? '');
  if (!header) throw new Error(`${file}: no "N = … G = …" line`);
  const n = Number(header[1]);
  const G = Number(header[2]);
  const groups = new Int32Array(n).fill(-1);
  for (const line of lines.slice(2 + G)) {
    const [i, g] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(i) && Number.isInteger(g) && i >= 0 && i < n) groups[i] = g;
  }
  if (groups.includes(-1)) throw new Error(`${file}: the seating does not place every element`);
  return { best, mean, worst, groups };
}

/** Σ d_ij over the pairs of one group, in doubles (as the checker counts a seating). */
export function mdgpValue(mdgp: MdgpInstance, groups: Int32Array): number {
  const { n, d } = mdgp;
  let total = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) if (groups[i] === groups[j]) total += d[i * n + j];
  return total;
}

/** The instance as one round of tables: people p0…, tables g0…, one question per pair (see the file's comment). */
export function mdgpTablesInstance(mdgp: MdgpInstance): TablesInstance {
  const { n, d } = mdgp;
  const questions: TablesInstance['questions'] = [];
  const answers: Record<string, string[]>[] = Array.from({ length: n }, () => ({}));
  const yes = ['yes'];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const id = `d${i}-${j}`;
      questions.push({ id, weight: d[i * n + j], reversed: false });
      answers[i][id] = yes;
      answers[j][id] = yes;
    }
  return {
    kind: 'tables',
    rounds: 1,
    objective: 'similar',
    tables: mdgp.hi.map((seats, g) => ({
      id: `g${g}`,
      seats,
      vip: false,
      ...(mdgp.kind === 'ds' ? { minSeats: mdgp.lo[g] } : {}),
    })),
    questions,
    people: answers.map((a, i) => ({ id: `p${i}`, vip: false, tables: [], answers: a })),
    blocked: [],
    met: [],
    together: [],
    fixed: [],
    absent: [],
  };
}
