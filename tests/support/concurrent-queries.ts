/**
 * Finds queries sent on one `pg` client while it is still executing another (a `Promise.all` over one transaction
 * `tx`): pg 8 only queues them and warns, pg 9 refuses them. Used by the `api` and `api-pg` setup file
 * (tests/support/no-concurrent-queries.ts) and tested in tests/support/concurrent-queries.api.test.ts.
 *
 * pg 8's own warning is not enough to find them: it is a deprecation, given once per process, and only from the
 * third query at once (a second query waiting while the first runs says nothing). So `watchConcurrentQueries` also
 * looks at the client on each `query()` call: a query already running or waiting there means two at once; the
 * text of the query and the stack of the call are kept (a drizzle query starts from a microtask, so the stack
 * often stops in drizzle: the test's name and the query's text then find the code). The warning itself (process 'warning' event, or
 * the same text through console.warn / console.error) is recorded too.
 */
import pg from 'pg';

/** The text of pg's deprecation warning (node_modules/pg/lib/client.js). */
export const CONCURRENT_QUERY_WARNING = 'client is already executing a query';

/** pg's private state of a client, read to tell whether it is busy (pg 8: `_activeQuery`, `_queryQueue`). */
interface ClientState {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

export interface ConcurrentQueryWatch {
  /** What was found since the last call (each with the stack of the query that did not wait), and forgets it. */
  take(): string[];
  /** Puts pg, process and console back as they were. */
  stop(): void;
}

/** The lines of a stack that name the project's code, not pg's, drizzle's or node's. */
function ownFrames(stack: string | undefined): string {
  const lines = (stack ?? '').split('\n').slice(1);
  const own = lines.filter(
    (l) => !l.includes('node_modules') && !l.includes('node:') && !l.includes('concurrent-queries.ts'),
  );
  return (own.length ? own : lines).slice(0, 8).join('\n');
}

const SHARED = Symbol.for('maillage.concurrentQueryWatch');

/**
 * The one watch of this process: the `api` tiers run their files in one module graph per worker (`isolate: false`)
 * and their setup file again before each file, so the watch is kept on `globalThis`, never installed twice.
 */
export function concurrentQueryWatch(): ConcurrentQueryWatch {
  const shared = globalThis as { [SHARED]?: ConcurrentQueryWatch };
  shared[SHARED] ??= watchConcurrentQueries();
  return shared[SHARED];
}

export function watchConcurrentQueries(): ConcurrentQueryWatch {
  const found: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: ClientState, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 60;
      const stack = new Error().stack;
      Error.stackTraceLimit = limit;
      found.push(
        `a query sent while the client was executing another: ${String(text ?? '').slice(0, 120)}\n${ownFrames(stack)}`,
      );
    }
    return query.apply(this, args);
  };

  const onWarning = (warning: Error) => {
    if (warning.message.includes(CONCURRENT_QUERY_WARNING)) found.push(`pg warned: ${warning.message}`);
  };
  process.on('warning', onWarning);

  const { warn, error } = console;
  const watchConsole =
    (write: (...data: unknown[]) => void) =>
    (...data: unknown[]) => {
      if (data.some((d) => String(d).includes(CONCURRENT_QUERY_WARNING)))
        found.push(`console: ${data.join(' ')}`);
      write(...data);
    };
  console.warn = watchConsole(warn);
  console.error = watchConsole(error);

  return {
    take: () => found.splice(0),
    stop: () => {
      proto.query = query;
      process.off('warning', onWarning);
      console.warn = warn;
      console.error = error;
    },
  };
}
