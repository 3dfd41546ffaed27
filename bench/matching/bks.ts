/**
 * Best known solutions (BKS) of the score lines (R7, G1–G3), kept in bench/matching/bks.json: a gap is measured
 * against the best valid score ever found on the same instance (its fingerprint: a hash of the generated instance,
 * so a changed generator shows as "stale"). `npm run bench -- matching --refresh-bks` runs solveTables (through
 * the worker runner) and the baseline for longer, with several seeds, and keeps the best.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTables } from '../../server/matching/checker';
import type { TablesInstance } from '../../server/matching/instance';
import { solveInWorker } from '../../server/matching/run';
import { greedyDescentTables } from './baseline';
import type { ScoresLine } from './instances';

export const BKS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bks.json');

export interface Bks {
  score: number;
  /** sha256 of the instance's JSON, first 16 hex digits. */
  instance: string;
  /** Who found it: `solveTables seed 3` or `baseline seed 1`. */
  by: string;
  /** Seconds of the run that found it. */
  seconds: number;
  command: string;
  date: string;
}

/** Optional fields added to the instance later are left out at their default, so that they stale no entry. */
const LATER_FIELDS = new Set(['together']);

export function fingerprint(instance: unknown): string {
  const text = JSON.stringify(instance, (key, value) =>
    LATER_FIELDS.has(key) && Array.isArray(value) && value.length === 0 ? undefined : value,
  );
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function readBks(): Record<string, Bks> {
  return fs.existsSync(BKS_FILE) ? JSON.parse(fs.readFileSync(BKS_FILE, 'utf8')) : {};
}

/** The valid score of a seating (no repeat, blocked pair or VIP misplaced, no rule broken), else null. */
export function validScore(
  instance: TablesInstance,
  rounds: Parameters<typeof checkTables>[1],
): number | null {
  const { stats, violations } = checkTables(instance, rounds);
  const hard = stats.repeats + stats.blockedTogether + stats.vipMisplaced;
  return hard === 0 && violations.length === 0 ? stats.score : null;
}

export interface RefreshOptions {
  seeds: number;
  /** Seconds per run, by line id (default per line: 3 × its time limit, at least 10 s). */
  seconds: (line: ScoresLine) => number;
  log: (message: string) => void;
}

/** Long runs of solveTables and of the baseline on every score line; bks.json keeps the best per line. */
export async function refreshBks(lines: ScoresLine[], options: RefreshOptions): Promise<void> {
  const bks = readBks();
  const command = `npm run bench -- matching --refresh-bks --bks-seeds=${options.seeds} ${process.argv
    .slice(2)
    .filter((a) => a.startsWith('--bks-seconds') || a.startsWith('--only'))
    .join(' ')}`.trim();
  for (const line of lines) {
    const instance = line.instance();
    const print = fingerprint(instance);
    const seconds = options.seconds(line);
    let best = bks[line.id]?.instance === print ? bks[line.id] : undefined;
    for (let seed = 1; seed <= options.seeds; seed++) {
      const runs: [string, () => Promise<{ score: number | null; seconds: number }>][] = [
        [
          `solveTables seed ${seed}`,
          async () => {
            const started = performance.now();
            const result = await solveInWorker(instance, { seed, timeLimitSeconds: seconds });
            return { score: validScore(instance, result), seconds: (performance.now() - started) / 1000 };
          },
        ],
        [
          `baseline seed ${seed}`,
          async () => {
            const result = greedyDescentTables(instance, seed, seconds);
            return { score: validScore(instance, result), seconds: result.seconds };
          },
        ],
      ];
      for (const [by, run] of runs) {
        try {
          const found = await run();
          options.log(`  ${line.id} ${by}: ${found.score ?? 'not valid'} (${found.seconds.toFixed(1)} s)`);
          if (found.score !== null && (!best || found.score > best.score)) {
            best = {
              score: found.score,
              instance: print,
              by,
              seconds: Number(found.seconds.toFixed(2)),
              command,
              date: new Date().toISOString().slice(0, 10),
            };
          }
        } catch (error) {
          options.log(`  ${line.id} ${by}: failed (${error instanceof Error ? error.message : error})`);
        }
      }
    }
    if (best) bks[line.id] = best;
    fs.writeFileSync(BKS_FILE, `${JSON.stringify(bks, null, 2)}\n`);
  }
}
