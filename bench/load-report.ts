/** The load bench's tables: figures by class and request, and the run window by window with its CPU. */
import type { ClassFigures } from './load-client';
import type { cpuBetween } from './load-cpu';

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

export interface Window {
  from: number;
  to: number;
  reads: ClassFigures;
  writes: ClassFigures;
  cpu: ReturnType<typeof cpuBetween>;
}

/** The run window by window: requests and p99 of reads and writes, the CPU of our processes and of other work. */
export function timelineTable(windows: Window[]) {
  const f = (x: number) => x.toFixed(1);
  const header = [
    'window s',
    'reads',
    'p99',
    'writes',
    'p99',
    'A+B cpu',
    'PG cpu',
    'bench',
    'other work',
    'idle',
  ];
  const cells = windows.map((w) => [
    `${w.from.toFixed(0)}–${w.to.toFixed(0)}`,
    String(w.reads.requests),
    ms(w.reads.p99),
    String(w.writes.requests),
    ms(w.writes.p99),
    f(w.cpu.serverA + w.cpu.serverB),
    f(w.cpu.postgres),
    f(w.cpu.bench),
    f(w.cpu.others),
    f(w.cpu.machineIdle),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padStart(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function table(rows: { label: string; f: ClassFigures; goal?: number }[]) {
  const header = [
    'class / request',
    'requests',
    'p50',
    'p95',
    'p99',
    'max',
    'errors',
    'non-2xx',
    'goal p99',
    'verdict',
  ];
  const cells = rows.map(({ label, f, goal }) => [
    label,
    String(f.requests),
    ms(f.p50),
    ms(f.p95),
    ms(f.p99),
    ms(f.max),
    String(f.errors),
    String(f.non2xx),
    goal ? `< ${goal}` : '',
    goal ? (f.p99 < goal && f.errors === 0 && f.non2xx === 0 ? 'met' : 'MISSED') : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
