/**
 * The English texts of the first page, fetched when the first page shows English (see locales/fr.ts for what
 * belongs here). Everything else is in locales/en-areas.ts, fetched after sign-in.
 */

import { merge } from './catalogue';
import enCore from './en/core.json';

export const enFirstPage = merge(enCore);
