import type { Readable } from 'node:stream';
import type { ReportExportParams } from '../../../contracts/reports';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { deliverSoon, queueMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import { findProject } from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { exportReport } from './report-service';

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * T2: the report as filtered, written as the Excel export is, attached to a message queued in the outbox (its log is
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
      lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('\n'),
    ),
    text: `${lines.join('\n\n')}\n`,
    attachments: [
      {
        cid: file.filename,
        filename: file.filename,
        contentType: file.contentType,
        content: bytes.toString('base64'),
        disposition: 'attachment',
      },
    ],
  });
  await deliverSoon(deps);
  return { messageId: id, to };
}
