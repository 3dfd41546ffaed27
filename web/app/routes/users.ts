/** A1: Administration › Utilisateurs, and the pages reached without a session (invitation, reset, PIN sign-in). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { userRole, userSortable } from '../../../contracts/user-list';
import { listSearchSchema } from '../../components/data-table/list-search';
import { loadAreas } from '../../lib/i18n';
import { appRoute, rootRoute } from './base';

const UserListPage = lazyRouteComponent(() => import('../../features/users/user-list-page'), 'UserListPage');
type PublicPage = 'ForgotPasswordPage' | 'ResetPasswordPage' | 'InvitationPage' | 'PinSignInPage';
const page = (name: PublicPage) =>
  lazyRouteComponent(() => import('../../features/users/public-pages'), name);

const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/users',
  validateSearch: listSearchSchema(userSortable).extend({
    role: userRole.optional().catch(undefined),
  }),
  component: UserListPage,
});

/** Under the app. */
export const userRoutes = [usersRoute] as const;

// Without a session: their texts are the areas' (users.json), fetched before the page shows.
const publicRoute = <P extends string>(path: P, component: PublicPage) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: () => loadAreas(),
    component: page(component),
  });

/** Beside sign-in. */
export const publicUserRoutes = [
  publicRoute('forgot-password', 'ForgotPasswordPage'),
  publicRoute('reset-password/$token', 'ResetPasswordPage'),
  publicRoute('invitation/$token', 'InvitationPage'),
  publicRoute('sign-in-pin', 'PinSignInPage'),
] as const;
