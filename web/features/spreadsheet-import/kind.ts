import type { TFunction } from 'i18next';
import type { ImportAction } from '../../../contracts/spreadsheet-import';

/**
 * What differs between the import pages of two kinds (participants U3, activities V1): their calls, their list, their
 * own texts and the columns of the dry run's rows. The steps, the mapping, the dry run, the progress and the
 * confirmation are one set of components (import-page.tsx, mapping-step.tsx, dry-run.tsx).
 */

export interface ImportRowView {
  line: number;
  action: ImportAction;
  reasons: string[];
}

/** An import as every kind's API answers it (the rows carry the kind's own columns besides). */
export interface ImportView {
  id: string;
  status: 'uploaded' | 'analysing' | 'ready' | 'saving' | 'done' | 'failed';
  progress: number;
  columns: string[];
  mapping: (string | null)[];
  /** `group`: listed under that heading in the mapping (Q1: the questions of the questionnaire). */
  targets: { key: string; label: { fr: string; en: string }; group?: 'questionnaire' }[];
  summary: Record<ImportAction, number>;
  rows: (ImportRowView & Record<string, unknown>)[];
  page: number;
  total: number;
  error: string | null;
}

export interface ImportKindTexts {
  title: string;
  back: string;
  intro: string;
  doneList: string;
  /** « 3 participants créés », « 3 activités créées ». */
  doneCreate: (count: number) => string;
  confirmCreate: (count: number) => string;
  confirmUpdate: (count: number) => string;
}

export interface ImportKindUi {
  /** The root of its queries' keys. */
  key: string;
  /** Its list page (back link, link after the save). */
  list: '/projects/$projectId/participants' | '/projects/$projectId/activities';
  /** Whether the confirmation offers to send the inscription e-mail (participants). */
  sendInscription: boolean;
  get(
    projectId: string,
    importId: string,
    page: number,
    problems: boolean,
    signal?: AbortSignal,
  ): Promise<ImportView>;
  upload(projectId: string, form: FormData): Promise<ImportView>;
  setMapping(projectId: string, importId: string, mapping: (string | null)[]): Promise<ImportView>;
  dryRun(projectId: string, importId: string): Promise<ImportView>;
  save(projectId: string, importId: string, sendInscription: boolean): Promise<ImportView>;
  templateUrl(projectId: string): string;
  errorsUrl(projectId: string, importId: string): string;
  texts(t: TFunction): ImportKindTexts;
  /** The columns of a row of the dry run between its action and its reasons. */
  columns(t: TFunction): { header: string; value: (row: ImportView['rows'][number]) => string }[];
}
