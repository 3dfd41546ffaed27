/** A project's e-mails (issue 19): compose and send, the log of batches, templates, notifications, unsubscribed. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mailSearch } from '../../features/campaigns/search';
import { projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const MailPage = lazyRouteComponent(() => import('../../features/campaigns/mail-page'), 'MailPage');

/** C1–C5, J5: the e-mail page, its tab and the batch opened in the URL. */
const projectMailRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'mail',
  validateSearch: mailSearch,
  component: MailPage,
});

/** Under a project. */
export const campaignRoutes = [projectMailRoute] as const;
