import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ReportExportParams } from '../../../contracts/reports';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { insertFile } from '../files/repository';
import { deliverSoon, queueMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import { findProject } from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { hashToken, newToken } from '../users/tokens';
import {
  deleteExpiredDownloads,
  findValidDownload,
  insertReportDownload,
} from './report-download-repository';
import { exportReport } from './report-service';

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type Attachment = NonNullable<Parameters<typeof queueMail>[1]['attachments']>[number];

/**
 * A report too big to attach: stored as a file of the project and reached by a secret link (32 random bytes, only its
 * SHA-256 kept) until REPORT_LINK_DAYS from now; the nightly purge deletes it after (purgeExpiredReportDownloads).
 */
async function storeForDownload(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  file: { filename: string; contentType: string },
  bytes: Buffer,
) {
  const fileId = randomUUID();
  const storageKey = `reports/${fileId}.xlsx`;
  await deps.storage.put(storageKey, bytes, file.contentType);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(deps.now().getTime() + deps.config.reportMail.linkDays * 86_400_000);
  try {
    await deps.db.transaction(async (tx) => {
      await insertFile(tx, {
        id: fileId,
        companyId: auth.companyId,
        projectId,
        purpose: 'report.export',
        storageKey,
        contentType: file.contentType,
        byteSize: bytes.byteLength,
        originalName: file.filename,
        createdBy: auth.userId,
      });
      await insertReportDownload(tx, {
        companyId: auth.companyId,
        projectId,
        fileId,
        tokenHash,
        expiresAt,
        createdBy: auth.userId,
      });
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { url: `${deps.config.publicUrl}/api/public/report-downloads/${token}`, expiresAt };
}

/** T2: the file behind a report's link while it is valid (null: unknown or expired, answered 404). */
export async function readReportDownload(deps: Deps, token: string) {
  const row = await findValidDownload(deps.db, hashToken(token), deps.now());
  if (!row) return null;
  const object = await deps.storage.get(row.storageKey);
  return object
    ? { filename: row.name ?? 'report.xlsx', contentType: row.contentType, content: object.bytes }
    : null;
}

/** Nightly: the expired links' files, from the storage and the database. */
export async function purgeExpiredReportDownloads(deps: Deps) {
  const keys = await deleteExpiredDownloads(deps.db, deps.now());
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  return keys.length;
}

/**
 * T2: the report as filtered, written as the Excel export is, attached (or, past REPORT_ATTACH_MAX_BYTES, linked) to a message queued in the outbox (its log is
 * the outbox's, kind `report`) in the sender's language; delivery is asked for at once.
 */
export async function emailReport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ReportExportParams & { to: string },
) {
  const { to, ...filters } = query;
  const file = await exportReport(deps, auth, projectId, filters);
  const bytes = await bytesOf(file.stream);
  const project = await findProject(deps.db, auth.companyId, projectId);
  const language = auth.locale;
  const t = translator(language);
  const name = (language === 'en' ? project?.nameEn : project?.nameFr) ?? '';
  const subject = t('report.mail.subject', { project: name });
  const lines = [t('report.mail.body', { project: name }), t('report.mail.closing')];
  const attach = bytes.byteLength <= deps.config.reportMail.attachMaxBytes;
  let content: string[] = lines;
  let attachments: Attachment[] = [];
  if (attach) {
    attachments = [
      {
        cid: file.filename,
        filename: file.filename,
        contentType: file.contentType,
        content: bytes.toString('base64'),
        disposition: 'attachment',
      },
    ];
  } else {
    const { url, expiresAt } = await storeForDownload(deps, auth, projectId, file, bytes);
    const date = new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: project?.timeZone ?? 'America/Toronto',
    }).format(expiresAt);
    const size = t('report.mail.megabytes', {
      count: Math.max(0.1, Math.round((bytes.byteLength / (1024 * 1024)) * 10) / 10),
    });
    content = [t('report.mail.linkBody', { project: name, size, date }), url, t('report.mail.closing')];
  }
  const { id } = await queueMail(deps.db, {
    companyId: auth.companyId,
    projectId,
    kind: 'report',
    to: { email: to },
    language,
    subject,
    html: mailLayout(
      language,
      subject,
      content
        .map((line) =>
          line.startsWith('http')
            ? `<p style="margin:0 0 16px"><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
            : `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`,
        )
        .join('\n'),
    ),
    text: `${content.join('\n\n')}\n`,
    attachments,
  });
  await deliverSoon(deps);
  return { messageId: id, to };
}
