/**
 * `npm run bench -- matching`: every bar line of matching.md (instances.ts) solved through the worker runner with the
 * line's time limit, checked by the checker, beside its reference run measured in the same run (lines.ts); one
 * table. No database. Options: --quick (shorter limits), --only=R1,G1 (some lines; MDGP: the MDGPLIB lines of
 * mdgp-lines.ts, or their instance names), --refresh-bks (long runs that
 * update bench/matching/bks.json first; --bks-seeds=N, default 2; --bks-seconds=S per run, default 3 × the line's
 * limit, at least 10 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from '../harness';
import { readBks, refreshBks } from './bks';
import { BAR, type ScoresLine } from './instances';
import { type LineResult, runLine } from './lines';
import { MDGP, mdgpNames, runMdgpLines } from './mdgp-lines';

export const MATCHING = 'matching';

export interface MatchingBenchOptions {
  quick: boolean;
  only?: string[];
  refreshBks: boolean;
  bksSeeds: number;
  bksSeconds?: number;
}

export async function runMatchingBench(options: MatchingBenchOptions): Promise<LineResult[]> {
  const log = (message: string) => console.log(message);
  const lines = BAR.filter((l) => !options.only?.length || options.only.includes(l.id));
  const mdgp = mdgpNames() ?? [];
  const known = [...BAR.map((l) => l.id), MDGP, ...mdgp];
  const unknown = options.only?.filter((id) => !known.includes(id)) ?? [];
  if (unknown.length) throw new Error(`no bar line ${unknown.join(', ')} (have: ${known.join(', ')})`);
  if (options.refreshBks) {
    const scoreLines = lines.filter((l): l is ScoresLine => l.kind === 'grouping');
    log(`Refreshing the best known solutions of ${scoreLines.map((l) => l.id).join(', ')}:`);
    await refreshBks(scoreLines, {
      seeds: options.bksSeeds,
      seconds: (line) => options.bksSeconds ?? Math.max(10, 3 * line.timeLimit),
      log,
    });
    log('');
  }
  const bks = readBks();
  const results: LineResult[] = [];
  for (const line of lines) {
    const started = performance.now();
    const result = await runLine(line, { quick: options.quick, bks, log });
    results.push(result);
    log(
      `  ${result.id} ${result.verdict}: ${result.figure} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  if (!options.only?.length || options.only.some((id) => id === MDGP || mdgp.includes(id)))
    results.push(...(await runMdgpLines(options.only, options.quick, log)));
  log(`\n${formatMatching(results)}`);
  log(
    '\nSeconds: the solve as measured in its worker thread (not the thread start). Figures recounted by the checker.' +
      '\ngap = (BKS − score) / BKS; BKS in bench/matching/bks.json (npm run bench -- matching --refresh-bks).',
  );
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results', 'matching.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), machine: machine(), options, results }, null, 2)}\n`,
  );
  log(`\nWritten: ${path.relative(process.cwd(), out)}`);
  return results;
}

/** One plain-text table: id, instance, figure, target, verdict, reference. */
export function formatMatching(results: LineResult[]): string {
  const header = ['id', 'instance', 'figure', 'target', '', 'reference (same run)'];
  const rows = results.map((r) => [r.id, r.label, r.figure, r.target, r.verdict, r.reference]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]))
      .join(' │ ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...rows.map(line)].join('\n');
}
