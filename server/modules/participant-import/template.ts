import ExcelJS from 'exceljs';
import { IMPORT_TARGETS, type ImportTarget } from '../../../contracts/participant-import';
import type { Deps } from '../../deps';
import * as participantRepo from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { TEMPLATE_HEADERS } from './headers';
import { requireProject } from './state';

/** The template of the participant import (.xlsx): headers in the caller's language, one example row. */
export async function participantTemplate(deps: Deps, auth: AuthContext, projectId: string) {
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
