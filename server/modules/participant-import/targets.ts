import { IMPORT_TARGETS } from '../../../contracts/participant-import';
import type { Executor } from '../../db/client';
import { listFieldRows } from '../profile-fields/repository';
import type { Targets } from '../spreadsheet-import/kind';
import { questionTargets } from './answer-columns';
import { TEMPLATE_HEADERS } from './headers';

/**
 * What a column of a file can feed.
 */

/**
 * What a column can feed: the standard targets (but the standard fields switched inactive, U5: never written), the
 * active own fields and the questions of the questionnaire (Q1, archived ones too: their cells are reported).
 */
export async function targetsOf(db: Executor, companyId: string, projectId: string): Promise<Targets> {
  const fields = await listFieldRows(db, companyId, projectId);
  const questions = await questionTargets(db, projectId);
  const inactive = new Set(fields.filter((f) => f.standardKey && !f.isActive).map((f) => f.standardKey));
  return [
    ...IMPORT_TARGETS.filter((key) => !inactive.has(key)).map((key) => ({
      key,
      label: { fr: TEMPLATE_HEADERS.fr[key], en: TEMPLATE_HEADERS.en[key] },
    })),
    ...fields
      .filter((f) => !f.standardKey && f.isActive)
      .map((f) => ({ key: `profile.${f.id}`, label: { fr: f.titleFr, en: f.titleEn } })),
    ...questions,
  ];
}

export type { Targets };
