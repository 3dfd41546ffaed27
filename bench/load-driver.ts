/**
 * The load bench's driver: autocannon connections ("lanes") carrying the sessions, one phase at a time on one
 * instance. See bench/load.bench.ts.
 */
import autocannon from 'autocannon';
import { headersOf, type Recorder } from './load-client';
import { draw, type MixEntry, type VirtualUser } from './load-mix';
import type { LoadSeed } from './load-seed';

/**
 * A connection of the load tool and the sessions it carries: at a rate of 1 request a second or more, one session
 * per connection; below (0.5: a request every 2 s), a connection carries 1/rate sessions, their requests in turn
 * (sequential: a session never has two requests at once, as a load balancer's pooled connection would carry them).
 */
export interface Lane {
  index: number;
  vus: VirtualUser[];
  turn: number;
}

export function lanesOf(vus: VirtualUser[], rate: number): { lanes: Lane[]; connectionRate: number } {
  const count = rate >= 1 ? vus.length : Math.ceil(vus.length * rate);
  const lanes: Lane[] = Array.from({ length: count }, (_, index) => ({ index, vus: [], turn: 0 }));
  for (const vu of vus) lanes[vu.index % count].vus.push(vu);
  return { lanes, connectionRate: Math.max(1, Math.round(rate)) };
}

/**
 * One lane for about `seconds` on one instance: one autocannon connection, `connectionRate` requests a second, as
 * many requests as seconds. Should a request be left unanswered at the end (cut), a save may have been done or not:
 * its session loads its participant again before the next save, and the check allows for it.
 */
export function phase(
  lane: Lane,
  instance: number,
  baseUrl: string,
  seconds: number,
  connectionRate: number,
  seed: LoadSeed,
  recorder: Recorder,
) {
  let pending: { vu: VirtualUser; entry: MixEntry; body?: string } | null = null;
  return new Promise<void>((resolve, reject) => {
    const run = autocannon(
      {
        url: baseUrl,
        connections: 1,
        connectionRate,
        // A number of requests, not a duration: the phase ends once the last answer is read, none is cut.
        amount: seconds * connectionRate,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const vu = lane.vus[lane.turn++ % lane.vus.length];
              const { entry, call } = draw(vu, seed);
              pending = { vu, entry };
              return {
                ...request,
                method: call.method,
                path: call.path,
                headers: headersOf(vu.session, call.body !== undefined),
                body: call.body === undefined ? undefined : JSON.stringify(call.body),
              };
            },
            onResponse: (status, body) => {
              if (!pending) return;
              if (status >= 200 && status < 300) pending.entry.answered?.(pending.vu, body);
              else if (pending.entry.kind === 'write') pending.vu.open = null;
              pending.body = body;
            },
          },
        ],
      },
      (error) => {
        if (pending) {
          recorder.cut(pending.entry.name);
          pending.vu.open = null;
        }
        if (error) reject(error);
        else resolve();
      },
    );
    run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (!pending) return;
      recorder.record(
        { name: pending.entry.name, kind: pending.entry.kind, ms, status, instance },
        pending.vu.index,
        pending.body,
      );
      pending = null;
    });
    run.on('reqError', () => {
      recorder.error(pending?.entry.name ?? 'unknown');
      pending = null;
    });
  });
}
