import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { testClock } from '../../../tests/support/test-app';
import { files, mailMessages, reportDownloads } from '../../db/schema';
import { FIRST_DEMO_PROJECT } from '../../seed/groups';
import { purgeExpiredReportDownloads } from './report-mail';

/**
 * T2 for a big result: past REPORT_ATTACH_MAX_BYTES (1,000 bytes here, 5 MB by default) the e-mailed report is a
 * stored file behind a secret link, valid REPORT_LINK_DAYS (7), instead of an attachment.
 */
const clock = testClock(new Date('2026-11-29T15:00:00Z'));
const { t, camille, jordan } = withTestApp({ env: { REPORT_ATTACH_MAX_BYTES: '1000' }, now: clock.now });

async function demoProject() {
  const list = await camille.get(`/api/projects?q=${encodeURIComponent(FIRST_DEMO_PROJECT)}`);
  return list.body.items[0].id as string;
}

/** The first sheet's cells, row by row, as ExcelJS reads the file (not the bytes: a workbook records when it was written). */
async function cells(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('a report too big to attach (T2)', () => {
  it('stays an attachment below the threshold', async () => {
    // The same report under a 5 MB threshold (the default): attached, no link. (First: the next test moves the
    // clock a week on, past the sessions' lives.)
    const projectId = await demoProject();
    t.deps.config.reportMail.attachMaxBytes = 5 * 1024 * 1024;
    try {
      const sent = await camille.post(`/api/projects/${projectId}/report/email`, { to: 'a@example.test' });
      const [message] = await t.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.id, sent.body.messageId));
      expect(message.attachments).toHaveLength(1);
      expect(message.text).not.toMatch(/report-downloads/);
    } finally {
      t.deps.config.reportMail.attachMaxBytes = 1000;
    }
  });

  it('is sent as a link that downloads exactly the export, until it expires; then the purge deletes it', async () => {
    const projectId = await demoProject();
    const sent = await camille.post(`/api/projects/${projectId}/report/email`, {
      to: 'commanditaire@example.test',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, sent.body.messageId));
    expect(message.attachments ?? []).toEqual([]);
    expect(message.text).toMatch(/trop volumineux pour être joint \(\d+(,\d)? Mo\)/);
    expect(message.text).toMatch(/valable jusqu’au 6 décembre 2026/);
    const link = /http\S+\/api\/public\/report-downloads\/([A-Za-z0-9_-]{43})/.exec(message.text);
    expect(link, message.text).not.toBeNull();
    expect(message.html).toContain(`<a href="${link?.[0]}">`);
    const token = link?.[1] ?? '';

    const download = await get(`/api/public/report-downloads/${token}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/spreadsheetml/);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="rapport-/);
    expect(download.headers['cache-control']).toBe('no-store');
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/report/export.xlsx`,
      cookies: camille.cookies,
    });
    expect(direct.statusCode).toBe(200);
    const linked = await cells(download.rawPayload);
    expect(linked.length).toBeGreaterThan(40);
    expect(linked).toEqual(await cells(direct.rawPayload));

    // Nobody else's: another token, another company's session, nothing.
    const unknown = await get(`/api/public/report-downloads/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().title).toBe(
      'Ce lien de téléchargement est inconnu ou a expiré. Demandez un nouvel envoi du rapport.',
    );
    expect((await jordan.get(`/api/public/report-downloads/${token}`)).status).toBe(200);

    // Seven days later: gone, and the nightly purge deletes the file and its row.
    clock.advanceSeconds(7 * 86_400 + 1);
    expect((await get(`/api/public/report-downloads/${token}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(reportDownloads);
    expect(await purgeExpiredReportDownloads(t.deps)).toBe(1);
    expect(await t.database.db.select().from(reportDownloads)).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.id, row.fileId))).toEqual([]);
  });
});
