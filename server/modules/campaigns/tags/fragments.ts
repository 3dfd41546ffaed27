import { frenchFirstOfMonth } from '../../../../contracts/dates';
import type { Language } from '../../../../contracts/http';
import { escapeHtml } from '../../mail/templates';

/**
 * What a merge tag renders for one recipient, before it becomes HTML or plain text: a line of text, a link, a list
 * (in groups with a heading, e.g. per day or per pairing), an image sent with the message, or, when there is nothing
 * to show for that person, a sentence saying so. The same fragment gives both bodies, so they always agree.
 */
export type Fragment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; label: string }
  | { kind: 'empty'; text: string }
  | { kind: 'list'; groups: { heading: string | null; items: string[] }[] }
  | { kind: 'image'; cid: string; alt: string; size: number; url: string };

const LIST_HEADING = 'margin:0 0 4px';
const LIST = 'margin:0 0 16px;padding-left:20px';

/**
 * The fragment in the HTML body, every value escaped. `block`: the tag stood alone in its paragraph, so the fragment
 * takes the paragraph's place (a list as a real list); otherwise it stays inside the line (lines broken by `<br>`).
 */
export function fragmentHtml(fragment: Fragment, block: boolean): string {
  const para = (inner: string) => (block ? `<p>${inner}</p>` : inner);
  switch (fragment.kind) {
    case 'text':
      return para(escapeHtml(fragment.text));
    case 'link':
      return para(`<a href="${escapeHtml(fragment.href)}">${escapeHtml(fragment.label)}</a>`);
    case 'empty':
      return para(`<em>${escapeHtml(fragment.text)}</em>`);
    case 'image':
      return para(
        `<img src="cid:${escapeHtml(fragment.cid)}" alt="${escapeHtml(fragment.alt)}" width="${fragment.size}" height="${fragment.size}" style="display:block;border:0">`,
      );
    case 'list': {
      if (block) {
        return fragment.groups
          .map(
            (group) =>
              (group.heading
                ? `<p style="${LIST_HEADING}"><strong>${escapeHtml(group.heading)}</strong></p>`
                : '') +
              `<ul style="${LIST}">${group.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
          )
          .join('\n');
      }
      const lines = fragment.groups.flatMap((group) => [
        ...(group.heading ? [`<strong>${escapeHtml(group.heading)}</strong>`] : []),
        ...group.items.map(escapeHtml),
      ]);
      return `<br>${lines.join('<br>')}<br>`;
    }
  }
}

/** The fragment in the plain-text body: links as their address, lists as lines, the image as its address. */
export function fragmentText(fragment: Fragment, block: boolean): string {
  switch (fragment.kind) {
    case 'text':
    case 'empty':
      return fragment.text;
    case 'link':
      return fragment.href.replace(/^mailto:/i, '');
    case 'image':
      return fragment.url;
    case 'list': {
      const text = fragment.groups
        .map((group) =>
          [...(group.heading ? [group.heading] : []), ...group.items.map((i) => `- ${i}`)].join('\n'),
        )
        .join('\n\n');
      return block ? text : `\n${text}\n`;
    }
  }
}

/** The fragment in a subject: one line. */
export const fragmentLine = (fragment: Fragment) =>
  fragmentText(fragment, true)
    .replace(/\s*\n+\s*/g, ' ')
    .trim();

// ---------- dates and times, in the project's zone, per language ----------

const intlLocale = (lang: Language) => (lang === 'en' ? 'en-CA' : 'fr-CA');

export interface Clock {
  /** « mercredi 10 juin 2026 », "Wednesday, June 10, 2026". */
  day(instant: Date): string;
  /** « 14 h 05 », "2:05 p.m.". */
  time(instant: Date): string;
  /** The day's key (YYYY-MM-DD in the zone), to group by day. */
  dayKey(instant: Date): string;
  /** A list of names: « A, B et C », "A, B and C". */
  list(items: string[]): string;
}

const clocks = new Map<string, Clock>();

/** Formatters of a language and zone, made once (Intl formatters are costly to build, cheap to use). */
export function clockFor(lang: Language, timeZone: string): Clock {
  const key = `${lang} ${timeZone}`;
  let clock = clocks.get(key);
  if (!clock) {
    const locale = intlLocale(lang);
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
    const dayKey = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const list = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
    clock = {
      day: (instant) => frenchFirstOfMonth(day.format(instant), lang),
      time: (instant) => time.format(instant),
      dayKey: (instant) => dayKey.format(instant),
      list: (items) => list.format(items),
    };
    clocks.set(key, clock);
  }
  return clock;
}

/** Dated lines grouped under the heading of their day (in the zone), in the order given. */
export function byDay<T extends { startsAt: Date }>(
  clock: Clock,
  items: readonly T[],
  line: (item: T) => string,
): { heading: string; items: string[] }[] {
  const groups: { key: string; heading: string; items: string[] }[] = [];
  for (const item of items) {
    const key = clock.dayKey(item.startsAt);
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, heading: clock.day(item.startsAt), items: [] };
      groups.push(group);
    }
    group.items.push(line(item));
  }
  return groups.map(({ heading, items: lines }) => ({ heading, items: lines }));
}
