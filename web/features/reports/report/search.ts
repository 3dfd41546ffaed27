import { z } from 'zod';
import { participantSortable, participantStatus } from '../../../../contracts/participant-list';
import {
  REPORT_ACTIVITY_TYPES,
  REPORT_B2B,
  REPORT_COST_TYPES,
  REPORT_PAYMENT_SOURCES,
  REPORT_PAYMENTS,
  REPORT_YES_NO,
} from '../../../../contracts/report-values';
import { listSearchSchema } from '../../../components/data-table/list-search';

const ids = z.array(z.uuid()).min(1).optional().catch(undefined);
const day = z.iso.date().optional().catch(undefined);
const text = z.string().trim().min(1).optional().catch(undefined);

/**
 * T1 the report's state in the URL (P5): the list's search, sort and page, and every filter (lists as arrays). Anything
 * unreadable falls back to no filter. Kept apart from the page so that the page stays lazily loaded.
 */
export const reportSearch = listSearchSchema(participantSortable).extend({
  persona: z.enum(REPORT_YES_NO).optional().catch(undefined),
  roleIds: ids,
  groupIds: ids,
  participantIds: ids,
  createdFrom: day,
  createdTo: day,
  statuses: z.array(participantStatus).min(1).optional().catch(undefined),
  active: z.enum(REPORT_YES_NO).optional().catch(undefined),
  new: z.enum(REPORT_YES_NO).optional().catch(undefined),
  who: text,
  activityIds: ids,
  activityTypes: z.array(z.enum(REPORT_ACTIVITY_TYPES)).min(1).optional().catch(undefined),
  categoryIds: ids,
  activityFrom: day,
  activityTo: day,
  questionId: z.uuid().optional().catch(undefined),
  choiceIds: ids,
  b2b: z.enum(REPORT_B2B).optional().catch(undefined),
  fieldId: z.uuid().optional().catch(undefined),
  fieldValue: text,
  payment: z.enum(REPORT_PAYMENTS).optional().catch(undefined),
  costType: z.enum(REPORT_COST_TYPES).optional().catch(undefined),
  paymentSource: z.enum(REPORT_PAYMENT_SOURCES).optional().catch(undefined),
});
export type ReportSearch = z.infer<typeof reportSearch>;

/** The filter keys of the URL state (everything but the list's own search, sort and paging). */
export type ReportFilterKey = Exclude<keyof ReportSearch, 'q' | 'sort' | 'dir' | 'page' | 'pageSize'>;

/** What removing a filter also removes: the answers go with their question, the value with its field. */
export const DEPENDENT: Partial<Record<ReportFilterKey, ReportFilterKey>> = {
  questionId: 'choiceIds',
  fieldId: 'fieldValue',
};
