import type { ListParams } from '../../../contracts/http';
import type { MailStatus } from '../../../contracts/mail';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** `sent_at` is the delivery time only once sent; before that it marks the last attempt (see repository.ts). */
function shown<T extends { status: string; sentAt: Date | null; language: string }>(row: T) {
  return {
    ...row,
    status: row.status as MailStatus,
    language: row.language as 'fr' | 'en',
    sentAt: row.status === 'sent' ? row.sentAt : null,
  };
}

export async function listMessages(
  deps: Deps,
  auth: AuthContext,
  params: ListParams & { status?: MailStatus },
) {
  // Without SMTP nothing will send a queued message: it is kept (also when the job queue is switched off).
  if (!deps.config.mail.smtp) await repo.keepQueuedMail(deps.db, auth.companyId);
  const page = await repo.listMessages(deps.db, auth.companyId, params);
  return { ...page, items: page.items.map(shown) };
}

export async function getMessage(deps: Deps, auth: AuthContext, id: string) {
  if (!deps.config.mail.smtp) await repo.keepQueuedMail(deps.db, auth.companyId);
  const row = await repo.findMessage(deps.db, auth.companyId, id);
  if (!row) throw AppError.notFound();
  const { attachments, ...message } = row;
  const inlineImages = (attachments ?? [])
    .filter((file) => file.cid && file.contentType.startsWith('image/'))
    .map((file) => ({ cid: file.cid, dataUri: `data:${file.contentType};base64,${file.content}` }));
  return { ...shown(message), inlineImages };
}

export async function mailSettings(deps: Deps) {
  return { smtpConfigured: deps.config.mail.smtp !== null, from: deps.config.mail.from };
}
