/** The outbox. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const OutboxPage = lazyRouteComponent(() => import('../../features/mail/outbox-page'), 'OutboxPage');

/** The outbox: e-mails queued, sent, or kept in the app when no SMTP server is configured. */
const outboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'outbox',
  component: OutboxPage,
});

/** Under the app. */
export const mailRoutes = [outboxRoute] as const;
