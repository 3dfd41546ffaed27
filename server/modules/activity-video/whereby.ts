/**
 * The Whereby REST API (https://docs.whereby.com/reference/whereby-rest-api-reference), the two calls V6 needs:
 * `POST /v1/meetings` creates a transient room that lives until an hour after its `endDate`, `DELETE
 * /v1/meetings/{id}` removes one. Bearer API key (WHEREBY_API_KEY), base URL WHEREBY_API_URL. Node's fetch; no
 * library (Whereby publishes none for its REST API on npm, and two calls do not need one).
 */

export interface WherebyConfig {
  apiKey: string;
  apiUrl: string;
}

export interface WherebyMeeting {
  meetingId: string;
  roomUrl: string;
  hostRoomUrl: string;
  startDate?: string;
  endDate?: string;
}

/** A refusal of Whereby's (an HTTP status), or no answer at all (`status` 0: network, timeout, not JSON). */
export class WherebyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** From Retry-After on a 429, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** How long a call may take before it counts as unanswered. */
const TIMEOUT_MS = 15_000;

/** Retry-After in seconds: a number of seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

async function request(config: WherebyConfig, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WherebyError(0, (error as Error).message);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new WherebyError(
    response.status,
    providerMessage(text) || response.statusText || `HTTP ${response.status}`,
    response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null,
  );
}

/** The message of an error answer: its `error` or `message` field when JSON, else its text; 300 characters at most. */
function providerMessage(text: string): string {
  let message = text;
  try {
    const json = JSON.parse(text) as { error?: unknown; message?: unknown };
    const found = json.error ?? json.message;
    if (typeof found === 'string') message = found;
  } catch {
    // Not JSON: the text itself.
  }
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Creates a room open until an hour after `endDate`, with its host address. */
export async function createMeeting(config: WherebyConfig, endDate: Date): Promise<WherebyMeeting> {
  const response = await request(config, 'POST', '/meetings', {
    endDate: endDate.toISOString(),
    fields: ['hostRoomUrl'],
  });
  const meeting = (await response.json().catch(() => null)) as Partial<WherebyMeeting> | null;
  if (!meeting?.meetingId || !meeting.roomUrl || !meeting.hostRoomUrl) {
    throw new WherebyError(0, 'Whereby answered without meetingId, roomUrl or hostRoomUrl');
  }
  return {
    meetingId: String(meeting.meetingId),
    roomUrl: meeting.roomUrl,
    hostRoomUrl: meeting.hostRoomUrl,
    startDate: meeting.startDate,
    endDate: meeting.endDate,
  };
}

/** Deletes a meeting; one Whereby no longer knows (deleted, or expired) counts as deleted. */
export async function deleteMeeting(config: WherebyConfig, meetingId: string): Promise<void> {
  try {
    await request(config, 'DELETE', `/meetings/${encodeURIComponent(meetingId)}`);
  } catch (error) {
    if (error instanceof WherebyError && error.status === 404) return;
    throw error;
  }
}
