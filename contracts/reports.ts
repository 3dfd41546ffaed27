import { z } from 'zod';
import { calendarDate, defineEndpoint, listQuery, listResponse, uuidParam } from './http';
import { participantSortable, participantStatus } from './participant-list';
import { participantListItem } from './participants';

/**
 * T1 the report (« Rapport »): the project's participants through the filters of spec 001 §3 that the data model
 * has, as a list (P5's paging and sorting) and as an Excel workbook of exactly what is filtered. Every filter is
 * optional; lists of ids travel comma-separated (`roleIds=a,b`), dates as YYYY-MM-DD read in the project's zone.
 * docs/reports/report.md lists every filter, what it matches and those left out.
 */

/** What the payment filter matches: a paid sale, a courtesy one, or neither. */
export const REPORT_PAYMENTS = ['paid', 'unpaid', 'courtesy'] as const;
/** How the sale was paid (payment_requests.source): by card (Stripe) or entered by the organiser. */
export const REPORT_PAYMENT_SOURCES = ['card', 'manual'] as const;
/** B2B: with at least one meeting (a B2B session's or a pairing's), or without any. */
export const REPORT_B2B = ['withMeetings', 'withoutMeetings'] as const;
export const REPORT_YES_NO = ['yes', 'no'] as const;

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
  questionId: uuidParam.optional(),
  choiceIds: idList('choiceIds').optional(),
  b2b: z.enum(REPORT_B2B, { error: 'validation.reports.b2b' }).optional(),
  fieldId: uuidParam.optional(),
  fieldValue: z.string().trim().max(200, { error: 'validation.reports.fieldValue' }).optional(),
  payment: z.enum(REPORT_PAYMENTS, { error: 'validation.reports.payment' }).optional(),
  paymentSource: z.enum(REPORT_PAYMENT_SOURCES, { error: 'validation.reports.paymentSource' }).optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;
/** The filter keys, in the order the badges show them. */
export const REPORT_FILTER_KEYS = Object.keys(reportFilters.shape) as (keyof ReportFilters)[];

export const reportQuery = listQuery(participantSortable).extend(reportFilters.shape);
export type ReportQuery = z.input<typeof reportQuery>;
export const reportExportQuery = reportQuery.omit({ page: true, pageSize: true });

const projectParams = z.object({ projectId: uuidParam });
const named = z.object({ id: z.uuid(), name: z.object({ fr: z.string(), en: z.string() }) });

/** What the filter form offers: the project's roles, groups, activities, questions with their answers, fields. */
export const reportOptions = z.object({
  roles: z.array(named),
  groups: z.array(named),
  activities: z.array(named),
  questions: z.array(named.extend({ choices: z.array(named) })),
  fields: z.array(named),
  /** Whether the project sells anything (the payment filters are shown only then). */
  hasSales: z.boolean(),
});
export type ReportOptions = z.input<typeof reportOptions>;

export const getReportOptions = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/report/options',
  access: 'user',
  tag: 'reports',
  summary: 'T1 what the report filter form offers: roles, groups, activities, questions and answers, fields',
  params: projectParams,
  response: reportOptions,
});

export const listReport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/report',
  access: 'user',
  tag: 'reports',
  summary: 'T1 the report: the participants matching every given filter, sorted and paged as P5 lists',
  params: projectParams,
  query: reportQuery,
  response: listResponse(participantListItem),
});

export const exportReportXlsx = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/report/export.xlsx',
  access: 'user',
  tag: 'reports',
  summary: 'T1 the filtered report (every row) as an Excel workbook (streamed download)',
  params: projectParams,
  query: reportExportQuery,
  response: z.string().meta({ format: 'binary' }),
});
export type ReportExportParams = z.output<typeof reportExportQuery>;
