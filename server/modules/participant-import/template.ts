import ExcelJS from 'exceljs';
import { IMPORT_TARGETS, type ImportTarget } from '../../../contracts/participant-import';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import * as participantRepo from '../participants/repository';
import { choiceLimit, loadActiveQuestions } from '../questions/answers';
import type { AuthContext } from '../session/auth-context';
import { requireProject } from '../spreadsheet-import/state';
import { TEMPLATE_HEADERS } from './headers';

/**
 * The template of the participant import (.xlsx): headers in the caller's language, one example row; a column per
 * active question of the questionnaire (Q1), its allowed labels on the second sheet, « Questionnaire ».
 */
export async function participantTemplate(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps.db, auth.companyId, projectId);
  const lang = auth.locale;
  const [own, roles, groups, questions] = await Promise.all([
    participantRepo.listOwnProfileFields(deps.db, projectId),
    participantRepo.listRoles(deps.db, projectId),
    participantRepo.listGroups(deps.db, projectId),
    loadActiveQuestions(deps.db, projectId),
  ]);
  const t = translator(lang);
  const title = (q: (typeof questions)[number]) => (lang === 'fr' ? q.row.titleFr : q.row.titleEn);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'fr' ? 'Participants' : 'Participants');
  const headers = [
    ...IMPORT_TARGETS.map((k: ImportTarget) => TEMPLATE_HEADERS[lang][k]),
    ...own.map((f) => (lang === 'fr' ? f.titleFr : f.titleEn)),
    ...questions.map(title),
  ];
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  questions.forEach((q, i) => {
    const limit = choiceLimit(q.row);
    header.getCell(IMPORT_TARGETS.length + own.length + i + 1).note = t(
      Number.isFinite(limit)
        ? 'participantImport.template.questionNoteMax'
        : 'participantImport.template.questionNote',
      { maximum: limit },
    );
  });
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
  sheet.addRow([...IMPORT_TARGETS.map((k) => example[k]), ...own.map(() => ''), ...questions.map(() => '')]);
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  if (questions.length) {
    // The allowed labels: a column per question, its choices below its title.
    const labels = workbook.addWorksheet(t('participantImport.template.questionsSheet'));
    labels.addRow(questions.map(title)).font = { bold: true };
    const most = Math.max(...questions.map((q) => q.choices.length));
    for (let n = 0; n < most; n++) labels.addRow(questions.map((q) => q.choices[n]?.label[lang] ?? ''));
    labels.columns.forEach((c) => {
      c.width = 30;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
