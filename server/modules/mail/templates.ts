import { frenchFirstOfMonth } from '../../../contracts/dates';
import type { Language } from '../../../contracts/http';
import { translator } from '../../i18n';

/** What a template gives the outbox: the subject, the HTML body and its plain-text twin. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The five characters that matter in HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const intlLocale = (lang: Language) => (lang === 'en' ? 'en-CA' : 'fr-CA');

/**
 * A day of an event in the reader's language. A calendar date (YYYY-MM-DD) is shown as it is, never shifted; an
 * instant is shown as the day it is in the project's time zone.
 */
export function formatMailDate(value: string | Date, lang: Language, timeZone: string): string {
  const format = (instant: Date, zone: string) =>
    frenchFirstOfMonth(
      new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: zone }).format(instant),
      lang,
    );
  if (typeof value === 'string') {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number);
    return format(new Date(Date.UTC(y, m - 1, d)), 'UTC');
  }
  return format(value, timeZone);
}

/** Paragraphs of already-escaped HTML in the frame of every message. */
function layout(lang: Language, title: string, paragraphs: string[]): string {
  return mailLayout(lang, title, paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n'));
}

/**
 * The frame of every message: a body of safe HTML (already escaped or sanitised) in a plain, mail-client-safe layout
 * (inline styles, no script, no remote resource).
 */
export function mailLayout(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
${body}
</div>
</body>
</html>`;
}

/**
 * Renders one message from the locale catalogue (keys under `mail.templates.`) in both forms: values are escaped for the HTML version and left
 * as they are in the subject and the text version.
 */
export function render(
  lang: Language,
  subjectKey: string,
  lines: { key: string; values?: Record<string, string> }[],
  subjectValues: Record<string, string>,
): RenderedMail {
  const t = translator(lang);
  const subject = t(`mail.templates.${subjectKey}`, subjectValues);
  const escaped = (values: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  const html = layout(
    lang,
    subject,
    lines.map((line) => t(`mail.templates.${line.key}`, escaped(line.values))),
  );
  const text = `${lines.map((line) => t(`mail.templates.${line.key}`, line.values ?? {})).join('\n\n')}\n`;
  return { subject, html, text };
}

export interface InscriptionMailInput {
  language: Language;
  firstName: string;
  lastName: string;
  projectName: string;
  /** The event's first and last days, YYYY-MM-DD (or instants, shown in `timeZone`). */
  startsOn: string | Date;
  endsOn: string | Date;
  timeZone: string;
  /** The organiser's contact address; the line is left out when there is none. */
  contactEmail: string | null;
}

/** U2: the message a participant receives once registered to a project. */
export function renderInscriptionMail(input: InscriptionMailInput): RenderedMail {
  const lang = input.language;
  const start = formatMailDate(input.startsOn, lang, input.timeZone);
  const end = formatMailDate(input.endsOn, lang, input.timeZone);
  const project = input.projectName;
  const lines: { key: string; values?: Record<string, string> }[] = [
    { key: 'greeting', values: { firstName: input.firstName } },
    { key: 'inscription.registered', values: { project } },
    start === end
      ? { key: 'inscription.oneDay', values: { date: start } }
      : { key: 'inscription.days', values: { start, end } },
  ];
  if (input.contactEmail) {
    lines.push({ key: 'contact', values: { address: input.contactEmail } });
  }
  lines.push({ key: 'closing' });
  return render(lang, 'inscription.subject', lines, { project });
}
