import { AppError } from '../../http/errors';
import type { ImportKind } from '../spreadsheet-import/kind';
import {
  type ActivityCheckContext,
  checkBatch,
  checkContext,
  loadExisting,
  stampOf,
  type ValidActivityRow,
} from './checks';
import { ACTIVITY_IMPORT_TARGETS, ACTIVITY_TEMPLATE_HEADERS, matchActivityHeaders } from './headers';
import { activityTemplate } from './template';
import { writeActivities } from './write';

/**
 * V1: the activity import, the engine's second kind (server/modules/spreadsheet-import): its columns, the checks of a
 * row (checks.ts) and the writing of a batch (write.ts). Everything else is the engine's.
 */
export const activityKind: ImportKind<ActivityCheckContext, ValidActivityRow, ValidActivityRow> = {
  name: 'activities',
  layout: 'activities',
  async targets() {
    return ACTIVITY_IMPORT_TARGETS.map((key) => ({
      key,
      label: { fr: ACTIVITY_TEMPLATE_HEADERS.fr[key], en: ACTIVITY_TEMPLATE_HEADERS.en[key] },
    }));
  },
  async autoMapping(_db, _companyId, _projectId, columns) {
    return matchActivityHeaders(columns);
  },
  checkMapping(mapping) {
    if (!mapping.includes('titleFr'))
      throw AppError.field('mapping', 'validation.activityImport.titleColumn');
  },
  checkContext,
  checkBatch,
  async stamps(db, state, keys) {
    const existing = await loadExisting(db, state, keys);
    return new Map(keys.map((key) => [key, stampOf(existing.get(key))]));
  },
  // The valid rows are JSON as they are (the start is an ISO instant).
  keep: (row) => row,
  restore: (row) => row,
  write: (_deps, tx, state, valid) => writeActivities(tx, state, valid),
  afterSave: async () => {},
  template: activityTemplate,
  report: {
    headers: ['activityImport.report.title', 'activityImport.report.start'],
    cells: (row) => [row.name, row.start ?? ''],
  },
  presentRow: ({ line, action, reasons, name, start }) => ({
    line,
    action,
    reasons,
    title: name,
    start: start ?? '',
  }),
};
