/**
 * Helpers of the campaigns benchmark: a local SMTP server that accepts and discards (in a child process, so its
 * work does not share this process's event loop, as a real relay would not), and a sampler of this process's
 * memory during a run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The sink: smtp-server on 127.0.0.1, no TLS, no authentication; it counts what it accepted. */
const SINK = `
const { SMTPServer } = require('smtp-server');
let accepted = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => { accepted += 1; callback(null); });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (m) => { if (m === 'count') process.send({ accepted }); });
process.on('disconnect', () => process.exit(0));
`;

export interface SmtpSink {
  port: number;
  /** Messages the server accepted since it started. */
  accepted(): Promise<number>;
  stop(): void;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SINK], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP sink stopped (exit ${code})`)));
    child.once('message', (m) => resolve((m as { port: number }).port));
  });
  child.removeAllListeners('exit');
  return {
    port,
    accepted: () =>
      new Promise((resolve) => {
        const listener = (m: unknown) => {
          if (typeof m === 'object' && m && 'accepted' in m) {
            child.off('message', listener);
            resolve((m as { accepted: number }).accepted);
          }
        };
        child.on('message', listener);
        child.send('count');
      }),
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}

/** A full collection before the idle figure, so that garbage of the previous run does not count as idle. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

export interface MemoryPeak {
  /** Peak resident set size above the idle figure taken just before, in MB. */
  rssMb: number;
  /** Peak V8 heap in use above idle, in MB (garbage not yet collected included). */
  heapMb: number;
  /** V8 heap still in use after the run and a full collection, above idle, in MB: what the run kept. */
  retainedMb: number;
}

/**
 * Samples RSS and heap every 20 ms while `fn` runs; the idle figure is taken just before, after a full collection.
 */
export async function withMemoryPeak<T>(fn: () => Promise<T>): Promise<{ value: T; peak: MemoryPeak }> {
  collectGarbage();
  const profile = await startAllocationProfile();
  const idle = process.memoryUsage();
  let rss = idle.rss;
  let heap = idle.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const value = await fn();
    sample();
    await profile?.stop();
    collectGarbage();
    const retained = process.memoryUsage().heapUsed - idle.heapUsed;
    const mb = (bytes: number) => bytes / 2 ** 20;
    return {
      value,
      peak: { rssMb: mb(rss - idle.rss), heapMb: mb(heap - idle.heapUsed), retainedMb: mb(retained) },
    };
  } finally {
    clearInterval(timer);
  }
}

let profiles = 0;

/**
 * CAMPAIGN_HEAP_PROFILE=<prefix>: each measured run writes `<prefix>-<n>.heapprofile`, a sampling heap profile of
 * everything the run allocated, garbage included (what a run allocates, by call stack, not only what it keeps) —
 * open it in Chrome's DevTools (Memory) or sum it with scripts of your own. With CAMPAIGN_HEAP_PROFILE_OLD=1, only
 * what survived the young generation's collections (what went to the old generation: the garbage that makes the
 * heap's peak, since V8 lets the old generation grow to a few times its live size before a full collection).
 */
async function startAllocationProfile() {
  const prefix = process.env.CAMPAIGN_HEAP_PROFILE;
  if (!prefix) return null;
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.CAMPAIGN_HEAP_PROFILE_OLD !== '1',
  } as never);
  return {
    stop: async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      profiles += 1;
      fs.writeFileSync(`${prefix}-${profiles}.heapprofile`, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
