import { z } from 'zod';
import { defineEndpoint, language, listQuery, listResponse, timestamp, uuidParam } from './http';

/**
 * Where a message of the outbox stands: `queued` (waiting for the delivery job), `sending` (an attempt is under
 * way), `sent` (the SMTP server accepted it), `failed` (not accepted after 5 attempts), `bounced` (refused for
 * good by the SMTP server: a 5xx answer), `kept` (no SMTP server is configured: the message stays in the app,
 * readable, and was not sent), `cancelled` (its campaign was cancelled before it left).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'bounced', 'kept', 'cancelled'] as const;
export const mailStatus = z.enum(MAIL_STATUSES, { error: 'validation.invalid' });
export type MailStatus = z.infer<typeof mailStatus>;

export const mailMessage = z.object({
  id: z.uuid(),
  projectId: z.uuid().nullable(),
  kind: z.string(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  language,
  subject: z.string(),
  status: mailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  /** When the SMTP server accepted the message; null until then. */
  sentAt: timestamp.nullable(),
});
export type MailMessage = z.input<typeof mailMessage>;

export const mailMessageDetail = mailMessage.extend({
  html: z.string(),
  text: z.string(),
  /** The Message-ID header the message was sent with. */
  messageId: z.string().nullable(),
  /**
   * The images sent inside the message (e.g. the QR code, C4), referenced by the HTML as `cid:<cid>`: the preview
   * shows them in its frame (the HTML itself is returned exactly as sent).
   */
  inlineImages: z.array(z.object({ cid: z.string(), dataUri: z.string() })),
});
export type MailMessageDetail = z.input<typeof mailMessageDetail>;

export const mailSortable = ['createdAt', 'toEmail', 'subject', 'status'] as const;

export const listMailMessages = defineEndpoint({
  method: 'GET',
  path: '/api/mail/messages',
  access: 'admin',
  tag: 'mail',
  summary:
    'The outbox of the signed-in company (newest first by default), filtered by status, searched by recipient',
  query: listQuery(mailSortable).extend({ status: mailStatus.optional() }),
  response: listResponse(mailMessage),
});

export const getMailMessage = defineEndpoint({
  method: 'GET',
  path: '/api/mail/messages/:messageId',
  access: 'admin',
  tag: 'mail',
  summary: 'One message of the outbox with its HTML and text bodies, for the preview',
  params: z.object({ messageId: uuidParam }),
  response: mailMessageDetail,
});

export const getMailSettings = defineEndpoint({
  method: 'GET',
  path: '/api/mail/settings',
  access: 'user',
  tag: 'mail',
  summary: 'Whether an SMTP server is configured (messages are sent) or not (they are kept in the app)',
  response: z.object({ smtpConfigured: z.boolean(), from: z.string() }),
});
