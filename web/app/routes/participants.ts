/** A project's participants, their import, roles, groups and profile fields (issue 4). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { participantSearch } from '../../features/participants/search';
import { projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const ParticipantListPage = lazyRouteComponent(
  () => import('../../features/participants/participant-list-page'),
  'ParticipantListPage',
);

const ParticipantImportPage = lazyRouteComponent(
  () => import('../../features/participant-import/participant-import-page'),
  'ParticipantImportPage',
);

const RoleListPage = lazyRouteComponent(() => import('../../features/roles/role-list-page'), 'RoleListPage');

const GroupPage = lazyRouteComponent(() => import('../../features/groups/group-page'), 'GroupPage');

const ProfileFieldPage = lazyRouteComponent(
  () => import('../../features/profile-fields/profile-field-page'),
  'ProfileFieldPage',
);

/** U1: the participants of the project. */
const projectParticipantsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'participants',
  validateSearch: participantSearch,
  component: ParticipantListPage,
});

/** U3: import of participants from a spreadsheet. */
const projectParticipantImportRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'participants/import',
  component: ParticipantImportPage,
});

/** J4: the participant roles of the project. */
const projectRolesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'roles',
  component: RoleListPage,
});

/** U4: groups and group categories. */
const projectGroupsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'groups',
  component: GroupPage,
});

/** U5: the participant profile fields. */
const projectProfileFieldsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'profile-fields',
  component: ProfileFieldPage,
});

/** Under a project. */
export const participantRoutes = [
  projectParticipantsRoute,
  projectParticipantImportRoute,
  projectRolesRoute,
  projectGroupsRoute,
  projectProfileFieldsRoute,
] as const;
