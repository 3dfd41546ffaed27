import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Reading what a local SMTP server received, as a mail client would (RFC 5322 headers, RFC 2045–2047 MIME): headers
 * unfolded and their encoded words decoded, multipart bodies split at their boundaries, each part's body decoded
 * from base64 or quoted-printable. Enough for the messages nodemailer writes; not a general mail parser.
 */

export interface MimePart {
  headers: Map<string, string>;
  /** `text/html`, `multipart/related`… (lower case), with its parameters (`boundary`, `charset`…). */
  type: string;
  params: Record<string, string>;
  /** The decoded body (empty for a multipart). */
  body: Buffer;
  parts: MimePart[];
}

/** RFC 2047 encoded words (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`), adjacent ones joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'latin1'));
  }
  return Buffer.from(bytes);
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function parseType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type, ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params[param.slice(0, eq).trim().toLowerCase()] = param
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
  }
  return { type: type.trim().toLowerCase(), params };
}

/** A message (or part) from its raw text (read as latin1, so that bytes stay bytes). */
export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const content = split < 0 ? '' : raw.slice(split + 4);
  const headers = parseHeaders(head);
  const { type, params } = parseType(headers.get('content-type'));
  if (type.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const chunks = content.split(delimiter).slice(1);
    const parts = chunks
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => parseMime(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, type, params, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : Buffer.from(content, 'latin1');
  return { headers, type, params, body, parts: [] };
}

/** Every leaf part of a message, depth first. */
export const leaves = (part: MimePart): MimePart[] =>
  part.parts.length ? part.parts.flatMap(leaves) : [part];

/** The first part of this type, anywhere in the message. */
export function partOf(message: MimePart, type: string): MimePart | undefined {
  if (message.type === type) return message;
  for (const part of message.parts) {
    const found = partOf(part, type);
    if (found) return found;
  }
  return undefined;
}

export interface Delivered {
  from: string;
  to: string[];
  raw: string;
  message: MimePart;
}

/** An SMTP server on 127.0.0.1 that keeps what it receives (no authentication, no TLS). */
export async function startSmtpSink() {
  const received: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          message: parseMime(raw),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
