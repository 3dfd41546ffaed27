import { z } from 'zod';
import {
  defineEndpoint,
  listQuery,
  listResponse,
  ok,
  optionalText,
  requiredText,
  timestamp,
  uuidParam,
} from './http';
import { companySortable, companySwitchSortable } from './list-sorts';

export const company = z.object({
  id: z.uuid(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  isDemo: z.boolean(),
  archivedAt: timestamp.nullable(),
  createdAt: timestamp,
  projectCount: z.number().int(),
  userCount: z.number().int(),
});
/** A company as the web receives it (dates as ISO strings). */
export type Company = z.input<typeof company>;

export const companyInput = z.object({
  name: requiredText(120),
  contactEmail: optionalText(200).pipe(z.email({ error: 'validation.email' }).nullable().optional()),
});
export type CompanyInput = z.input<typeof companyInput>;
/** The same, once validated (trimmed, empty e-mail as null): what the server saves. */
export type CompanyValues = z.output<typeof companyInput>;

export { companySortable, companySwitchSortable };

const idParams = z.object({ companyId: uuidParam });

export const listCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/companies',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 companies (super-admin)',
  query: listQuery(companySortable).extend({
    status: z.enum(['active', 'archived', 'all']).default('active'),
  }),
  response: listResponse(company),
});

export const getCompany = defineEndpoint({
  method: 'GET',
  path: '/api/companies/:companyId',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 one company',
  params: idParams,
  response: company,
});

export const createCompany = defineEndpoint({
  method: 'POST',
  path: '/api/companies',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 create a company',
  body: companyInput,
  response: company,
});

export const updateCompany = defineEndpoint({
  method: 'PUT',
  path: '/api/companies/:companyId',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 edit a company',
  params: idParams,
  body: companyInput,
  response: company,
});

export const archiveCompany = defineEndpoint({
  method: 'POST',
  path: '/api/companies/:companyId/archive',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 archive (true) or restore (false) a company; its users can no longer sign in while archived',
  params: idParams,
  body: z.object({ archived: z.boolean() }),
  response: company,
});

export const deleteCompany = defineEndpoint({
  method: 'DELETE',
  path: '/api/companies/:companyId',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'A3 delete a company with its projects and users, for good; the name must be typed to confirm',
  params: idParams,
  body: z.object({ confirmName: z.string() }),
  response: ok,
});

/** P2: every switch of a super-admin into another company: who, when, from, to. */
export const companySwitch = z.object({
  id: z.uuid(),
  userEmail: z.string(),
  fromCompanyName: z.string(),
  toCompanyName: z.string(),
  switchedAt: timestamp,
});
export type CompanySwitch = z.input<typeof companySwitch>;

export const listCompanySwitches = defineEndpoint({
  method: 'GET',
  path: '/api/company-switches',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'P2 the record of company switches (newest first by default)',
  query: listQuery(companySwitchSortable),
  response: listResponse(companySwitch),
});

/** P2: the header's company selector. */
export const companyChoice = z.object({ id: z.uuid(), name: z.string(), isDemo: z.boolean() });
export const listCompanyChoices = defineEndpoint({
  method: 'GET',
  path: '/api/company-choices',
  access: 'superAdmin',
  tag: 'companies',
  summary: 'P2 every active company, for the header selector',
  response: z.array(companyChoice),
});
