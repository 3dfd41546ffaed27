import { z } from 'zod';
import { defineEndpoint, emailAddress, listQuery, listResponse, uuidParam } from './http';
import { participantSortable } from './participant-list';
import { participantListItem } from './participants';
import { reportFilters } from './report-filters';

export * from './report-filters';

/**
 * T1 the report (« Rapport »): the project's participants through the filters of spec 001 §3 that the data model
 * has, as a list (P5's paging and sorting) and as an Excel workbook of exactly what is filtered. Every filter is
 * optional; lists of ids travel comma-separated (`roleIds=a,b`), dates as YYYY-MM-DD read in the project's zone.
 * docs/reports/report.md lists every filter, what it matches and those left out.
 */

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
  /** V2's activity categories (the spec's CategoryType). */
  categories: z.array(named),
  questions: z.array(named.extend({ choices: z.array(named) })),
  fields: z.array(named),
  /** Whether the project sells anything (the payment filters are shown only then). */
  hasSales: z.boolean(),
  /** Whether the project has a persona role (J4): the persona filter is shown only then. */
  hasPersona: z.boolean(),
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

/** T2: the filtered report sent as an Excel attachment to an address, through the outbox. */
export const emailReport = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/report/email',
  access: 'user',
  tag: 'reports',
  summary: 'T2 send the filtered report (every row, as Excel) to an e-mail address through the outbox',
  params: projectParams,
  body: reportExportQuery.extend({ to: emailAddress }),
  response: z.object({ messageId: z.uuid(), to: z.string() }),
});

export const downloadReportFile = defineEndpoint({
  method: 'GET',
  path: '/api/public/report-downloads/:token',
  access: 'public',
  touchesSession: false,
  tag: 'reports',
  summary:
    'T2 a report too big to attach, at the secret address of its e-mail (no session), until it expires; unknown or expired → 404; rate-limited',
  params: z.object({ token: z.string().max(100, { error: 'validation.invalid' }) }),
  response: z.string().meta({ format: 'binary' }),
});
