/**
 * The French (Québec) texts of the first page: what the sign-in page, the router's own screens (not found, loading,
 * error) and the error popup show. Everything else is in locales/fr-areas.ts, fetched after sign-in. Only a text the
 * first page shows belongs here (the locale guard checks that each file here is used by it); a new area goes in
 * locales/fr-areas.ts.
 */

import { merge } from './catalogue';
import frCore from './fr/core.json';

export const frFirstPage = merge(frCore);
