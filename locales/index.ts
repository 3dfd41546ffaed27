/**
 * The whole catalogue, French and English: the server and the tests read every text of both languages. The browser
 * loads them by parts through web/lib/i18n.ts: the first page's texts (locales/fr.ts, locales/en.ts), then, before
 * the signed-in app renders, every area's (locales/fr-areas.ts, locales/en-areas.ts, where a new area registers).
 */
import { mergeAreas } from './catalogue';
import { enFirstPage } from './en';
import * as enAreas from './en-areas';
import { frFirstPage } from './fr';
import * as frAreas from './fr-areas';

export * from './catalogue';
export const fr = mergeAreas({ frFirstPage, ...frAreas });
export const en = mergeAreas({ enFirstPage, ...enAreas });
