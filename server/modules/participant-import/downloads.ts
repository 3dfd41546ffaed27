import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { IMPORT_TARGETS, type ImportTarget } from '../../../contracts/participant-import';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { csvSafe } from '../participants/export';
import * as participantRepo from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { TEMPLATE_HEADERS } from './headers';
import { translateReason } from './present';
import { loadState, requireProject, rowsOf } from './state';
import { targetsOf } from './targets';

/**
 * The two downloads of the import: the error report (CSV) and the template (.xlsx).
 */

export async function errorReport(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const state = await loadState(deps, auth, projectId, id);
  const t = translator(auth.locale);
  const targets = await targetsOf(deps.db, auth.companyId, projectId);
  const lines = (await rowsOf(deps, state))
    .filter((r) => r.action === 'skip')
    .map((r) => [
      r.line,
      r.email,
      r.reasons.map((x) => translateReason(x, t, targets, auth.locale)).join(' ; '),
    ]);
  const header = [
    t('participantImport.report.line'),
    t('participantImport.report.email'),
    t('participantImport.report.reasons'),
  ];
  // A BOM so that Excel reads the accents right.
  // Every cell made formula-safe: a rejected e-mail cell is whatever the file held (`=HYPERLINK(…)`).
  return `\uFEFF${stringify([header, ...lines].map((row) => row.map((cell) => csvSafe(String(cell)))))}`;
}

export async function template(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps.db, auth.companyId, projectId);
  const lang = auth.locale;
  const [own, roles, groups] = await Promise.all([
    participantRepo.listOwnProfileFields(deps.db, projectId),
    participantRepo.listRoles(deps.db, projectId),
    participantRepo.listGroups(deps.db, projectId),
  ]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'fr' ? 'Participants' : 'Participants');
  const headers = [
    ...IMPORT_TARGETS.map((k: ImportTarget) => TEMPLATE_HEADERS[lang][k]),
    ...own.map((f) => (lang === 'fr' ? f.titleFr : f.titleEn)),
  ];
  sheet.addRow(headers).font = { bold: true };
  const name = (r?: { nameFr: string; nameEn: string }) => (r ? (lang === 'fr' ? r.nameFr : r.nameEn) : '');
  const example: Record<ImportTarget, string> = {
    email: 'camille.tremblay@example.com',
    firstName: 'Camille',
    lastName: 'Tremblay',
    organisation: lang === 'fr' ? 'Entreprise inc.' : 'Company Inc.',
    jobTitle: lang === 'fr' ? 'Directrice' : 'Director',
    phone: '+1 514 555 0123',
    phonePro: '',
    role: name(roles[0]),
    groups: groups
      .slice(0, 2)
      .map((g) => name(g))
      .join('; '),
    language: lang,
  };
  sheet.addRow([...IMPORT_TARGETS.map((k) => example[k]), ...own.map(() => '')]);
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
