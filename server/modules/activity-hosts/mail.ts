import { frenchFirstOfMonth } from '../../../contracts/dates';
import type { Language } from '../../../contracts/http';
import { intlLocale } from '../../../locales';
import { type RenderedMail, render } from '../mail/templates';

export interface HostMailInput {
  language: Language;
  firstName: string;
  activityTitle: string;
  projectName: string;
  /** Null: the activity has no date. */
  startsAt: Date | null;
  durationMinutes: number;
  timeZone: string;
  location: string | null;
  contactEmail: string | null;
}

/** The day, then the start and end times, in the project's zone and the reader's language. */
export function describeWhen(startsAt: Date, durationMinutes: number, lang: Language, timeZone: string) {
  const locale = intlLocale(lang);
  const day = frenchFirstOfMonth(
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(startsAt),
    lang,
  );
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const end = new Date(startsAt.getTime() + durationMinutes * 60_000);
  return { day, start: time.format(startsAt), end: time.format(end) };
}

/** V5: the message a host receives: which activity they host, when (in the project's zone) and where. */
export function renderHostMail(input: HostMailInput): RenderedMail {
  const lang = input.language;
  const activity = input.activityTitle;
  const lines: { key: string; values?: Record<string, string> }[] = [
    { key: 'greeting', values: { firstName: input.firstName } },
    { key: 'activityHost.hosting', values: { activity, project: input.projectName } },
  ];
  if (input.startsAt) {
    const when = describeWhen(input.startsAt, input.durationMinutes, lang, input.timeZone);
    lines.push({ key: 'activityHost.when', values: { ...when, timeZone: input.timeZone } });
  } else {
    lines.push({ key: 'activityHost.noDate' });
  }
  if (input.location) lines.push({ key: 'activityHost.where', values: { location: input.location } });
  if (input.contactEmail) lines.push({ key: 'contact', values: { address: input.contactEmail } });
  lines.push({ key: 'activityHost.thanks' });
  return render(lang, 'activityHost.subject', lines, { activity });
}
