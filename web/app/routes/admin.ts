/** The company's administration: companies and company switches (super-admins), the organisation, access control. */
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { ACCESS_USER_SORTABLE, decide } from '../../../contracts/access-policy';
import { companySortable, companySwitchSortable } from '../../../contracts/list-sorts';
import { listSearchSchema } from '../../components/data-table/list-search';
import { auditSearch } from '../../features/audit/search';
import { appRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const CompanyListPage = lazyRouteComponent(
  () => import('../../features/companies/company-list-page'),
  'CompanyListPage',
);

const CompanySwitchListPage = lazyRouteComponent(
  () => import('../../features/companies/company-switch-list-page'),
  'CompanySwitchListPage',
);

const OrganisationPage = lazyRouteComponent(
  () => import('../../features/organisation/organisation-page'),
  'OrganisationPage',
);

const AccessPage = lazyRouteComponent(() => import('../../features/access/access-page'), 'AccessPage');

const AuditPage = lazyRouteComponent(() => import('../../features/audit/audit-page'), 'AuditPage');

const companiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/companies',
  validateSearch: listSearchSchema(companySortable).extend({
    status: z.enum(['archived', 'all']).optional().catch(undefined),
  }),
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/projects' });
  },
  component: CompanyListPage,
});

const companySwitchesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/company-switches',
  validateSearch: listSearchSchema(companySwitchSortable),
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/projects' });
  },
  component: CompanySwitchListPage,
});

/** A2: the organisation (the signed-in user's company). */
const organisationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/organisation',
  component: OrganisationPage,
});

/** A4: Contrôle d'accès / Access control, for the company's administrators. */
const accessRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/access',
  validateSearch: listSearchSchema(ACCESS_USER_SORTABLE),
  beforeLoad: ({ context }) => {
    if (decide(context.user.access, 'admin') !== 'allowed') throw redirect({ to: '/projects' });
  },
  component: AccessPage,
});

/** Issue 22: Journal des modifications / Audit log, for the company's administrators. */
const auditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/audit',
  validateSearch: auditSearch,
  beforeLoad: ({ context }) => {
    if (decide(context.user.access, 'admin') !== 'allowed') throw redirect({ to: '/projects' });
  },
  component: AuditPage,
});

/** Under the app. */
export const adminRoutes = [
  companiesRoute,
  companySwitchesRoute,
  organisationRoute,
  accessRoute,
  auditRoute,
] as const;
