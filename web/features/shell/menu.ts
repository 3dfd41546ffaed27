import type { Icon } from '@tabler/icons-react';
import {
  IconArrowsExchange,
  IconArrowsShuffle,
  IconBuilding,
  IconBuildingStore,
  IconCalendarEvent,
  IconChartBar,
  IconExternalLink,
  IconForms,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconListDetails,
  IconListSearch,
  IconLock,
  IconMail,
  IconMailForward,
  IconNews,
  IconReceipt,
  IconReportAnalytics,
  IconSettings,
  IconSparkles,
  IconTicket,
  IconUserCog,
  IconUserStar,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { linkOptions } from '@tanstack/react-router';
import type { Right } from '../../../contracts/access-policy';

/**
 * P3: the left menu. Each page has a page id, which `?p=` on first load also accepts. Pages of a project need a
 * selected project; `external` pages open in a new tab. An entry is marked as the page shown on its own address
 * and the pages below it (`/admin/releases/<id>` for release notes), or on its address only when `exact`.
 */
export interface MenuPage {
  id: string;
  labelKey: string;
  icon: Icon;
  section: 'project' | 'projects' | 'admin';
  superAdminOnly?: boolean;
  /** A4: the right the page needs (contracts/access.ts `decide`, on the selected project for a project page); read by default. */
  right?: Right;
  external?: boolean;
  exact?: boolean;
}

export const MENU: MenuPage[] = [
  {
    id: 'project-dashboard',
    labelKey: 'nav.projectDashboard',
    icon: IconLayoutDashboard,
    section: 'project',
    // Every page of the project lies below its dashboard.
    exact: true,
  },
  { id: 'project-settings', labelKey: 'nav.projectSettings', icon: IconSettings, section: 'project' },
  { id: 'project-participants', labelKey: 'nav.participants', icon: IconUsers, section: 'project' },
  { id: 'project-activities', labelKey: 'nav.activities', icon: IconCalendarEvent, section: 'project' },
  { id: 'project-b2b', labelKey: 'b2b.nav', icon: IconArrowsExchange, section: 'project' },
  { id: 'project-roles', labelKey: 'nav.roles', icon: IconUserStar, section: 'project' },
  { id: 'project-groups', labelKey: 'nav.groups', icon: IconUsersGroup, section: 'project' },
  { id: 'project-profile-fields', labelKey: 'nav.profileFields', icon: IconForms, section: 'project' },
  { id: 'project-questions', labelKey: 'nav.questions', icon: IconListCheck, section: 'project' },
  { id: 'project-pairings', labelKey: 'nav.pairings', icon: IconArrowsShuffle, section: 'project' },
  { id: 'project-mail', labelKey: 'campaigns.nav', icon: IconMailForward, section: 'project' },
  { id: 'project-registration', labelKey: 'registration.nav', icon: IconTicket, section: 'project' },
  { id: 'project-sales', labelKey: 'sales.nav', icon: IconReceipt, section: 'project' },
  {
    id: 'project-report',
    labelKey: 'report.nav',
    icon: IconReportAnalytics,
    section: 'project',
    exact: true,
  },
  { id: 'project-report-charts', labelKey: 'charts.nav', icon: IconChartBar, section: 'project' },
  {
    id: 'dashboard-test',
    labelKey: 'nav.externalDashboard',
    icon: IconExternalLink,
    section: 'project',
    external: true,
  },
  { id: 'projects', labelKey: 'nav.projects', icon: IconListDetails, section: 'projects', exact: true },
  { id: 'whats-new', labelKey: 'nav.whatsNew', icon: IconSparkles, section: 'projects' },
  {
    id: 'organisation',
    labelKey: 'nav.organisation',
    icon: IconBuildingStore,
    section: 'admin',
    right: 'admin',
  },
  { id: 'users', labelKey: 'users.nav', icon: IconUserCog, section: 'admin', right: 'admin' },
  { id: 'access', labelKey: 'access.nav', icon: IconLock, section: 'admin', right: 'admin' },
  { id: 'audit', labelKey: 'audit.nav', icon: IconListSearch, section: 'admin', right: 'admin' },
  { id: 'outbox', labelKey: 'nav.outbox', icon: IconMail, section: 'admin', right: 'admin' },
  { id: 'releases', labelKey: 'nav.releases', icon: IconNews, section: 'admin', superAdminOnly: true },
  { id: 'companies', labelKey: 'nav.companies', icon: IconBuilding, section: 'admin', superAdminOnly: true },
  {
    id: 'company-switches',
    labelKey: 'nav.companySwitches',
    icon: IconHistory,
    section: 'admin',
    superAdminOnly: true,
  },
];

export const DEFAULT_PAGE = 'project-dashboard';

/** The project dashboard (`/projects/<id>`), which reloads itself instead of warning (P1). */
export const isDashboardPath = (pathname: string) => /^\/projects\/[^/]+\/?$/.test(pathname);

/** Where a page id leads, given the selected project (null when none): the router's `to` and params. */
export function pageTarget(pageId: string, projectId: string | null) {
  switch (pageId) {
    case 'project-dashboard':
      return projectId
        ? linkOptions({ to: '/projects/$projectId', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-settings':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/settings', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'companies':
      return linkOptions({ to: '/admin/companies' });
    case 'company-switches':
      return linkOptions({ to: '/admin/company-switches' });
    case 'project-participants':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/participants', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-activities':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/activities', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-b2b':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/b2b', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-roles':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/roles', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-groups':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/groups', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-profile-fields':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/profile-fields', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-pairings':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/pairings', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-questions':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/questions', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-mail':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/mail', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-registration':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/registration', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-sales':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/sales', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-report':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/reports', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'project-report-charts':
      return projectId
        ? linkOptions({ to: '/projects/$projectId/reports/charts', params: { projectId } })
        : linkOptions({ to: '/projects' });
    case 'outbox':
      return linkOptions({ to: '/outbox' });
    case 'organisation':
      return linkOptions({ to: '/admin/organisation' });
    case 'users':
      return linkOptions({ to: '/admin/users' });
    case 'access':
      return linkOptions({ to: '/admin/access' });
    case 'audit':
      return linkOptions({ to: '/admin/audit' });
    case 'releases':
      return linkOptions({ to: '/admin/releases' });
    case 'whats-new':
      return linkOptions({ to: '/whats-new' });
    default:
      return linkOptions({ to: '/projects' });
  }
}
