import ExcelJS from 'exceljs';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { listCategories } from '../activities/repository';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { ACTIVITY_IMPORT_TARGETS, ACTIVITY_TEMPLATE_HEADERS, type ActivityImportTarget } from './headers';

/**
 * The template of the activity import (.xlsx): the headers in the caller's language and two example rows (a dated
 * session on the project's first day, an activity without date), with the project's first category and section.
 */
export async function activityTemplate(deps: Deps, auth: AuthContext, projectId: string) {
  const lang = auth.locale;
  const t = translator(lang);
  const project = await findProject(deps.db, auth.companyId, projectId);
  const [categories, sections] = [
    await listCategories(deps.db, auth.companyId, projectId, 'category'),
    await listCategories(deps.db, auth.companyId, projectId, 'section'),
  ];
  const name = (r?: { nameFr: string; nameEn: string }) => (r ? (lang === 'fr' ? r.nameFr : r.nameEn) : '');
  const day = project?.startsOn ?? deps.now().toISOString().slice(0, 10);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('activityImport.templateSheet'));
  sheet.addRow(ACTIVITY_IMPORT_TARGETS.map((k) => ACTIVITY_TEMPLATE_HEADERS[lang][k])).font = { bold: true };
  const examples: Record<ActivityImportTarget, string | number>[] = [
    {
      titleFr: 'Conférence d’ouverture',
      titleEn: 'Opening keynote',
      type: t('activities.types.session'),
      // Text, not a date cell: the local time of the project's zone, as written.
      startsAt: `${day} 09:00`,
      durationMinutes: 60,
      noDate: t('activityImport.no'),
      category: name(categories[0]),
      section: name(sections[0]),
      maxMembers: 200,
      hybridType: t('activities.hybridTypes.inPerson'),
      location: lang === 'fr' ? 'Salle A' : 'Room A',
    },
    {
      titleFr: 'Kiosque des partenaires',
      titleEn: 'Partners’ kiosk',
      type: t('activities.types.kiosk'),
      startsAt: '',
      durationMinutes: '',
      noDate: t('activityImport.yes'),
      category: '',
      section: '',
      maxMembers: '',
      hybridType: t('activities.hybridTypes.hybrid'),
      location: '',
    },
  ];
  for (const example of examples) sheet.addRow(ACTIVITY_IMPORT_TARGETS.map((k) => example[k]));
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
