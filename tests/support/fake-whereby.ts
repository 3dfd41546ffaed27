import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Whereby's REST API (https://docs.whereby.com/reference/whereby-rest-api-reference) on 127.0.0.1:
 * a real HTTP server, answering as the documented API does. `POST /v1/meetings` (Bearer key, JSON body with an
 * `endDate` in the future; `fields: ['hostRoomUrl']` adds the host address) answers 201 with `{ meetingId,
 * roomName, roomUrl, startDate, endDate, hostRoomUrl? }`; `GET /v1/meetings/{id}` 200 or 404; `DELETE
 * /v1/meetings/{id}` 204 or 404. A wrong or missing key gets 401; a malformed body 400 with `{ error }`. A test can
 * queue refusals (`refuseNext`: 400, 401, 403, 429 with Retry-After, 500…), hold the next creation (`holdNext`),
 * and read what was asked (`requests`) and which meetings exist (`meetings`).
 */

export interface FakeMeeting {
  meetingId: string;
  roomName: string;
  roomUrl: string;
  hostRoomUrl: string;
  startDate: string;
  endDate: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface Refusal {
  status: number;
  body?: unknown;
  retryAfter?: string;
  /** Refuse only this method (default: any call). */
  method?: string;
}

export interface FakeWhereby {
  /** The base URL, as WHEREBY_API_URL takes it (`http://127.0.0.1:<port>/v1`). */
  url: string;
  apiKey: string;
  meetings: Map<string, FakeMeeting>;
  requests: FakeRequest[];
  /** The next `times` calls (of `method`, if given) are answered so. */
  refuseNext(refusal: Refusal, times?: number): void;
  /** The next creation waits until the returned function is called (to see the pending state). */
  holdNext(): () => void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeWhereby(
  apiKey = `fake-key-${randomBytes(6).toString('hex')}`,
): Promise<FakeWhereby> {
  const meetings = new Map<string, FakeMeeting>();
  const requests: FakeRequest[] = [];
  let refusals: Refusal[] = [];
  let held: Promise<void> | null = null;
  let sequence = 1000;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => void handle(req, res, raw));
  });

  const send = (
    res: http.ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = (req.url ?? '/').split('?')[0];
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });

    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'Unauthorized' });
    const index = refusals.findIndex((r) => !r.method || r.method === req.method);
    if (index >= 0) {
      const [refusal] = refusals.splice(index, 1);
      return send(
        res,
        refusal.status,
        refusal.body ?? { error: http.STATUS_CODES[refusal.status] },
        refusal.retryAfter ? { 'retry-after': refusal.retryAfter } : {},
      );
    }

    if (req.method === 'POST' && path === '/v1/meetings') {
      const input = body as { endDate?: unknown; fields?: unknown; roomNamePrefix?: unknown } | null;
      const end = typeof input?.endDate === 'string' ? Date.parse(input.endDate) : Number.NaN;
      if (!input || typeof input !== 'object') return send(res, 400, { error: '"value" must be an object' });
      if (Number.isNaN(end)) return send(res, 400, { error: '"endDate" is required and must be a date' });
      if (end <= Date.now()) return send(res, 400, { error: '"endDate" must be in the future' });
      if (held) await held;
      const meetingId = String(sequence++);
      const roomName = `/${typeof input.roomNamePrefix === 'string' ? input.roomNamePrefix : ''}${randomBytes(4).toString('hex')}-${meetingId}`;
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const meeting: FakeMeeting = {
        meetingId,
        roomName,
        roomUrl: `${origin}/room${roomName}`,
        hostRoomUrl: `${origin}/room${roomName}?roomKey=${randomBytes(8).toString('hex')}`,
        startDate: new Date().toISOString(),
        endDate: new Date(end).toISOString(),
      };
      meetings.set(meetingId, meeting);
      const fields = Array.isArray(input.fields) ? input.fields : [];
      const { hostRoomUrl, ...visible } = meeting;
      return send(res, 201, fields.includes('hostRoomUrl') ? meeting : visible);
    }
    const one = /^\/v1\/meetings\/([^/]+)$/.exec(path);
    if (one && req.method === 'GET') {
      const meeting = meetings.get(decodeURIComponent(one[1]));
      return meeting ? send(res, 200, meeting) : send(res, 404, { error: 'Meeting not found' });
    }
    if (one && req.method === 'DELETE') {
      const id = decodeURIComponent(one[1]);
      if (!meetings.delete(id)) return send(res, 404, { error: 'Meeting not found' });
      return send(res, 204);
    }
    return send(res, 404, { error: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    meetings,
    requests,
    refuseNext(refusal, times = 1) {
      for (let i = 0; i < times; i++) refusals.push(refusal);
    },
    holdNext() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    reset() {
      meetings.clear();
      requests.length = 0;
      refusals = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
