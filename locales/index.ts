/**
 * The catalogue, French and English (the server and the tests read both; the browser loads them one by one through
 * web/lib/i18n.ts). A new area's file is added to locales/fr.ts and locales/en.ts.
 */
export * from './catalogue';
export { en } from './en';
export { fr } from './fr';
