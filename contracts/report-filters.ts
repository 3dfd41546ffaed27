import { z } from 'zod';
import type { ACTIVITY_TYPES } from './activity-list';
import { calendarDate, uuidParam } from './http';
import { participantStatus } from './participant-list';
import type { PAYMENT_KINDS } from './payments';
import {
  REPORT_ACTIVITY_TYPES,
  REPORT_B2B,
  REPORT_COST_TYPES,
  REPORT_PAYMENT_SOURCES,
  REPORT_PAYMENTS,
  REPORT_YES_NO,
} from './report-values';

export * from './report-values';

/**
 * T1 the report's filters (spec 001 §3), apart from `reports.ts` so that the router's URL state reads them without
 * the participant contracts (and their phone rules). Every filter is optional; lists of ids travel comma-separated
 * (`roleIds=a,b`), dates as YYYY-MM-DD read in the project's zone. docs/reports/report.md.
 */

/** A list of ids: `a,b,c` in a URL (or repeated keys), at most 500. The error names the field. */
const idList = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.uuid({ error: `validation.reports.${field}` }), { error: `validation.reports.${field}` })
      .max(500),
  );

const enumList = <const T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(z.enum(values, { error: `validation.reports.${field}` })),
  );

const day = (field: string) =>
  z.iso
    .date({ error: `validation.reports.${field}` })
    .pipe(calendarDate)
    .optional();

/** The filters alone (also what the e-mail report and the badges read). */
export const reportFilters = z.object({
  persona: z.enum(REPORT_YES_NO, { error: 'validation.reports.persona' }).optional(),
  roleIds: idList('roleIds').optional(),
  groupIds: idList('groupIds').optional(),
  participantIds: idList('participantIds').optional(),
  createdFrom: day('createdFrom'),
  createdTo: day('createdTo'),
  statuses: enumList(
    participantStatus.options as ['registered', 'confirmed', 'cancelled'],
    'statuses',
  ).optional(),
  active: z.enum(REPORT_YES_NO, { error: 'validation.reports.active' }).optional(),
  new: z.enum(REPORT_YES_NO, { error: 'validation.reports.new' }).optional(),
  who: z.string().trim().max(200, { error: 'validation.reports.who' }).optional(),
  activityIds: idList('activityIds').optional(),
  activityTypes: enumList(REPORT_ACTIVITY_TYPES, 'activityTypes').optional(),
  categoryIds: idList('categoryIds').optional(),
  activityFrom: day('activityFrom'),
  activityTo: day('activityTo'),
  questionId: uuidParam.optional(),
  choiceIds: idList('choiceIds').optional(),
  b2b: z.enum(REPORT_B2B, { error: 'validation.reports.b2b' }).optional(),
  fieldId: uuidParam.optional(),
  fieldValue: z.string().trim().max(200, { error: 'validation.reports.fieldValue' }).optional(),
  payment: z.enum(REPORT_PAYMENTS, { error: 'validation.reports.payment' }).optional(),
  costType: z.enum(REPORT_COST_TYPES, { error: 'validation.reports.costType' }).optional(),
  paymentSource: z.enum(REPORT_PAYMENT_SOURCES, { error: 'validation.reports.paymentSource' }).optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;
/** The filter keys, in the order the badges show them. */
export const REPORT_FILTER_KEYS = Object.keys(reportFilters.shape) as (keyof ReportFilters)[];

// The report's copies of two lists the router must read without their modules: the same values, or this fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameActivityTypes: Same<(typeof REPORT_ACTIVITY_TYPES)[number], (typeof ACTIVITY_TYPES)[number]> = true;
const sameCostTypes: Same<(typeof REPORT_COST_TYPES)[number], (typeof PAYMENT_KINDS)[number]> = true;
void sameActivityTypes;
void sameCostTypes;
