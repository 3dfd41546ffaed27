/** A project's registration set-up (R1–R3) and its sales (S1–S2), issue 20. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { registrationSearch } from '../../features/registration/search';
import { salesSearch } from '../../features/sales/search';
import { projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const RegistrationPage = lazyRouteComponent(
  () => import('../../features/registration/registration-page'),
  'RegistrationPage',
);
const SalesPage = lazyRouteComponent(() => import('../../features/sales/sales-page'), 'SalesPage');

/** R1–R3: payments, categories, taxes, promo codes and the public page's address; the tab in the URL. */
const projectRegistrationRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'registration',
  validateSearch: registrationSearch,
  component: RegistrationPage,
});

/** S1–S2: the sales, by tab, with the sale open in the detail panel in the URL. */
const projectSalesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'sales',
  validateSearch: salesSearch,
  component: SalesPage,
});

/** Under a project. */
export const salesRoutes = [projectRegistrationRoute, projectSalesRoute] as const;
