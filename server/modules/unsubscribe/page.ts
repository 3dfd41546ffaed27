import { frenchFirstOfMonth } from '../../../contracts/dates';
import type { Language } from '../../../contracts/http';
import { unsubscribePath } from '../../../contracts/unsubscribe';
import { intlLocale } from '../../../locales/catalogue';
import { translator } from '../../i18n';
import { escapeHtml } from '../mail/templates';
import { projectName } from './footer';

/**
 * The small pages of the public unsubscribe address, written on the server (no script: the content security policy
 * allows none inline, and a form needs none). Every value is escaped; the texts come from locales/ (`unsubscribe.page`).
 */

export interface SubscriptionView {
  token: string;
  project: { fr: string; en: string };
  organisation: string;
  timeZone: string;
  unsubscribedAt: Date | null;
}

const other = (lang: Language): Language => (lang === 'fr' ? 'en' : 'fr');

/** An instant in the project's zone: « 29 novembre 2026 à 14 h 05 », “November 29, 2026 at 2:05 p.m.”. */
export function formatInstant(instant: Date, lang: Language, timeZone: string) {
  const text = new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(instant);
  return frenchFirstOfMonth(text, lang);
}

const STYLE = `
body{margin:0;padding:24px 16px;background:#f6f7f9;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:520px;margin:0 auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
nav{text-align:right;margin-bottom:8px}
a{color:#1c5fa8}
h1{font-size:1.4rem;line-height:1.3;margin:0 0 16px}
p{margin:0 0 16px}
button{font:inherit;font-weight:600;padding:10px 20px;border:0;border-radius:6px;background:#c92a2a;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1c5fa8;outline-offset:2px}
`;

function layout(lang: Language, title: string, body: string, languageLink: string | null) {
  const nav = languageLink ? `<nav>${languageLink}</nav>\n` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${nav}<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The link to the same page in the other language, written in that language. */
function languageLink(token: string, lang: Language) {
  const to = other(lang);
  const label = translator(to)('unsubscribe.page.languageName');
  return `<a href="${escapeHtml(`${unsubscribePath(token)}?lang=${to}`)}" hreflang="${to}" lang="${to}">${escapeHtml(label)}</a>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The page of a subscribed person: who writes to them, what stops and what still comes, and the button (a form
 * posted to the same address: nothing happens on a GET, which mail scanners make on every link).
 */
export function askPage(view: SubscriptionView, lang: Language) {
  const t = translator(lang);
  const values = { project: projectName(view.project, lang), organisation: view.organisation };
  const form = `<form method="post" action="${escapeHtml(unsubscribePath(view.token))}">
<input type="hidden" name="lang" value="${lang}">
<button type="submit">${escapeHtml(t('unsubscribe.page.button'))}</button>
</form>`;
  return layout(
    lang,
    t('unsubscribe.page.askTitle'),
    [paragraph(t('unsubscribe.page.receiving', values)), paragraph(t('unsubscribe.page.effect')), form].join(
      '\n',
    ),
    languageLink(view.token, lang),
  );
}

/** The page of a person unsubscribed since `view.unsubscribedAt`. */
export function donePage(view: SubscriptionView & { unsubscribedAt: Date }, lang: Language) {
  const t = translator(lang);
  const body = [
    paragraph(
      t('unsubscribe.page.done', {
        project: projectName(view.project, lang),
        date: formatInstant(view.unsubscribedAt, lang, view.timeZone),
      }),
    ),
    paragraph(t('unsubscribe.page.stillSent')),
  ].join('\n');
  return layout(lang, t('unsubscribe.page.doneTitle'), body, languageLink(view.token, lang));
}

/** The answer to a mail client's one-click POST (RFC 8058): one line of text. */
export function doneText(view: Pick<SubscriptionView, 'project'>, lang: Language) {
  return `${translator(lang)('unsubscribe.page.doneText', { project: projectName(view.project, lang) })}\n`;
}

/** An unknown or revoked address: nothing more is said. */
export function notFoundPage(lang: Language) {
  const t = translator(lang);
  return layout(lang, t('unsubscribe.page.notFoundTitle'), paragraph(t('unsubscribe.page.notFound')), null);
}
