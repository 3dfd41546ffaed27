/**
 * The rows of an import's spreadsheet read in a worker thread (`sheet-worker.ts`), so that a dry run or a save
 * checks one batch while the next is unzipped and parsed. A worker takes a quarter of a second to start (exceljs):
 * the first reading starts one, which is then kept idle for the next file; a file read while another is gets a
 * worker of its own. Small files are read in the calling thread.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readSheet, type SheetLayout } from './read';
import type { SheetMessage, SheetRequest } from './sheet-worker';

/** The heap a reading worker may use: a 100,000-row workbook (5 MB) reads at full speed within 256 MB. */
const WORKER_HEAP_MB = 512;

/** Below this size a file is read in the calling thread: it takes less time than handing it over. */
const WORKER_MIN_BYTES = 64 * 1024;

// Built, the worker is dist/server/sheet-worker.js beside main.js.
const fromSources = import.meta.url.endsWith('.ts');

/**
 * From the sources (tests, benches, dev) the worker is the TypeScript file: a module of two lines registers tsx in
 * the worker, then imports it (tsx given with `--import` to a worker does not apply to its first module on Node 20).
 */
function workerUrl() {
  if (!fromSources) return new URL('./sheet-worker.js', import.meta.url);
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const code = [
    `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};`,
    'register();',
    `await import(${JSON.stringify(new URL('./sheet-worker.ts', import.meta.url).href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

interface Reader {
  worker: Worker;
  /** Resolves when the worker has loaded its modules. */
  ready: Promise<void>;
}

let idle: Reader | null = null;

function spawn(): Reader {
  // A file that unzips into far more than any spreadsheet of the upload limit (a zip bomb) stops the worker, not the
  // server: the reading fails and the file is refused.
  const worker = new Worker(workerUrl(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the sheet reader stopped (${code})`)));
  });
  // An idle worker that fails is forgotten; one in use reports through its read.
  ready.catch(() => {
    if (idle?.worker === worker) idle = null;
  });
  worker.on('error', () => {
    if (idle?.worker === worker) idle = null;
  });
  return { worker, ready };
}

/**
 * Starts the idle worker ahead of a reading, so that its start is not waited for. Resolves to whether it started
 * (else files are read in the calling thread). The tests use it; the server starts its worker with its first
 * reading instead (an idle worker costs memory).
 */
export function warmSheetReader(): Promise<boolean> {
  idle ??= spawn();
  return idle.ready.then(
    () => true,
    () => false,
  );
}

/**
 * The same rows as `readSheet` (the header row first, each with its `line`), read in a worker when the file is
 * large enough. If the worker cannot start, the file is read here.
 */
export async function* readSheetRows(
  bytes: Uint8Array,
  onBytes: (read: number) => void = () => {},
  layout: SheetLayout = 'participants',
): AsyncGenerator<string[]> {
  if (bytes.length < WORKER_MIN_BYTES) {
    yield* readSheet(bytes, onBytes, layout);
    return;
  }
  const reader = idle ?? spawn();
  idle = null;
  try {
    await reader.ready;
  } catch (err) {
    console.warn('the sheet reader thread did not start; reading in the main thread:', String(err));
    yield* readSheet(bytes, onBytes, layout);
    return;
  }
  // Never keeps the process alive by itself (a reading may wait, paused, for the dry run: see `readHeader`).
  const { worker } = reader;
  const inbox: SheetMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (message: SheetMessage) => {
    inbox.push(message);
    notify();
  };
  const onError = (err: Error) => {
    failure = err;
    notify();
  };
  const onExit = (code: number) => {
    failure ??= new Error(`the sheet reader stopped (${code})`);
    notify();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  let finished = false;
  try {
    // A copy: the caller keeps its bytes (the save reads the same file again if it must).
    const copy = new Uint8Array(bytes);
    worker.postMessage({ type: 'read', bytes: copy, layout } satisfies SheetRequest, [copy.buffer]);
    for (;;) {
      while (!inbox.length && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift();
      if (!message) throw failure ?? new Error('the sheet reader stopped');
      if (message.type === 'end') break;
      if (message.type === 'error') throw new Error(message.message);
      if (message.type !== 'rows') continue;
      worker.postMessage({ type: 'more' } satisfies SheetRequest);
      onBytes(message.read);
      for (const [i, row] of message.rows.entries()) {
        const phones = message.phones[i];
        yield Object.assign(row, phones ? { line: message.lines[i], phones } : { line: message.lines[i] });
      }
    }
    finished = true;
  } finally {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A worker left in the middle of a file (the caller stopped early, or it failed) is not reused.
    if (finished && !failure && !idle) idle = reader;
    else void worker.terminate();
  }
}

/**
 * Readings paused after their header row, by the storage key of their file: the upload reads the header, and the dry
 * run that follows goes on with the same reading instead of unzipping and parsing the file again. A reading not
 * taken within a few minutes (the organiser left) or pushed out by newer ones is stopped.
 */
interface Paused {
  rows: AsyncGenerator<string[]>;
  /** Sends the bytes read to whoever takes the reading on. */
  redirect: (onBytes: (read: number) => void) => void;
  timer: NodeJS.Timeout;
}
const paused = new Map<string, Paused>();
/** Readings kept paused at once (each may hold a worker thread). */
const PAUSED_MAX = 2;
const PAUSED_MS = 5 * 60_000;

/** Stops the reading paused under `key`, if any (its import was not kept). */
export function dropReading(key: string) {
  const entry = paused.get(key);
  if (!entry) return;
  paused.delete(key);
  clearTimeout(entry.timer);
  void entry.rows.return(undefined);
}

/**
 * The header row of a file (the first row `readSheetRows` gives), or undefined when it has none; the reading is kept
 * paused under `key` for `takeRows`. Throws when the file cannot be read.
 */
export async function readHeader(
  key: string,
  bytes: Uint8Array,
  layout: SheetLayout = 'participants',
): Promise<string[] | undefined> {
  let listen: (read: number) => void = () => {};
  const rows = readSheetRows(bytes, (read) => listen(read), layout);
  const first = await rows.next();
  if (first.done) return undefined;
  dropReading(key);
  paused.set(key, {
    rows,
    redirect: (onBytes) => {
      listen = onBytes;
    },
    timer: setTimeout(() => dropReading(key), PAUSED_MS).unref(),
  });
  for (const older of paused.keys()) if (paused.size > PAUSED_MAX) dropReading(older);
  return first.value;
}

/** The rows after the header of a file whose reading `readHeader` paused, or null (read it again). */
export function takeRows(key: string, onBytes: (read: number) => void): AsyncGenerator<string[]> | null {
  const entry = paused.get(key);
  if (!entry) return null;
  paused.delete(key);
  clearTimeout(entry.timer);
  entry.redirect(onBytes);
  return entry.rows;
}
