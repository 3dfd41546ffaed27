import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { MailAttachment } from '../../db/schema';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { mailLayout } from '../mail/templates';
import { clockFor, type Fragment, fragmentHtml, fragmentLine, fragmentText } from './tags/fragments';
import { loadForTags, type Recipient } from './tags/load';
import { blocksAsParagraphs, markSlots, splitAtSlots, type TagSlot, tagsIn } from './tags/parse';
import { qrPng } from './tags/qr';
import { type TagContext, tagValue } from './tags/tag-values';
import { htmlToText } from './tags/text';

export { unknownTags } from './tags/parse';

/**
 * E5: a message written once (subject and body per language, the body holding merge-tag chips) rendered for each
 * recipient in their language. Shared by campaigns (C1/C2), automatic notifications (J5) and test sends. What each
 * tag renders: docs/campaigns/merge-tags.md.
 */

export interface MessageDraft {
  /** A line of text; its tags are written `{{firstName}}` (or as chips). */
  subject: { fr: string; en: string };
  /** Sanitised HTML with `<span data-merge-tag="…">` chips (contracts/merge-tags.ts). */
  body: { fr: string; en: string };
}

/** What the CASL module adds under a campaign message: identification, unsubscribe link, and the RFC 8058 headers. */
export interface MessageFooter {
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface RenderOptions {
  /** A campaign message: it carries the organiser's identification and the unsubscribe link and headers (CASL). */
  campaign: boolean;
  /** The footer of each recipient's message (e.g. CASL's, for a campaign), put at the end of both bodies. */
  footer?: (recipient: { participantId: string; language: Language }) => MessageFooter | undefined;
}

/** One recipient's message, ready for `queueMail` (contracts of server/modules/mail/outbox.ts). */
export interface RecipientMail {
  participantId: string;
  to: { email: string; name: string };
  language: Language;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

type Split = ReturnType<typeof splitAtSlots>;

/** A message of one language parsed once: its HTML and its plain text cut at the same tag slots, and its subject. */
interface Compiled {
  slots: TagSlot[];
  html: Split;
  text: Split;
  subjectSlots: TagSlot[];
  subject: Split;
}

function compile(subject: string, body: string): Compiled {
  const { marked, slots } = markSlots(body);
  const markedSubject = markSlots(subject);
  return {
    slots,
    html: splitAtSlots(marked),
    text: splitAtSlots(htmlToText(blocksAsParagraphs(marked, slots))),
    subjectSlots: markedSubject.slots,
    subject: splitAtSlots(markedSubject.marked),
  };
}

function fill(split: Split, slots: TagSlot[], value: (slot: TagSlot) => string) {
  let out = split.parts[0];
  for (let i = 0; i < split.slotAt.length; i++) out += value(slots[split.slotAt[i]]) + split.parts[i + 1];
  return out;
}

const hasWords = (html: string) => htmlToText(html).trim().length > 0 || /data-merge-tag=|\{\{/.test(html);

/** Whether the draft has something written in each language (read once per draft, not per recipient). */
function writtenIn(draft: MessageDraft): Record<Language, boolean> {
  const written = (lang: Language) => hasWords(draft.body[lang]) || draft.subject[lang].trim().length > 0;
  return { fr: written('fr'), en: written('en') };
}

/** The recipient's language, unless the message has nothing written in it (then the other one). */
function languageFor(preferred: Language, written: Record<Language, boolean>): Language {
  const other: Language = preferred === 'fr' ? 'en' : 'fr';
  return written[preferred] || !written[other] ? preferred : other;
}

/** The cid of a recipient's QR code image (unique in the message; the domain is the sender's). */
const qrCid = (participantId: string, domain: string) => `qr-${participantId}@${domain}`;

/**
 * Renders the draft for these participants of the project (in the order given; a participant without an e-mail
 * address, or not of this project, is left out). Loads what the tags used need in a few set-based queries for the
 * whole list, not per person. Arguments: deps, db, project, draft, participantIds, options (as loadRenderer's).
 */
export async function renderForRecipients(
  ...args: Parameters<typeof loadRenderer>
): Promise<RecipientMail[]> {
  const render = await loadRenderer(...args);
  const [, , , , participantIds] = args;
  return render(participantIds);
}

/**
 * Loads what the tags of the draft need for these participants (as renderForRecipients does), and returns the
 * renderer of any part of them: a caller writing many messages renders a few at a time, so that the rendered
 * messages of the whole list are never all in memory at once.
 */
export async function loadRenderer(
  deps: Deps,
  db: Executor,
  project: { companyId: string; projectId: string },
  draft: MessageDraft,
  participantIds: readonly string[],
  options: RenderOptions,
): Promise<(ids: readonly string[]) => RecipientMail[]> {
  if (participantIds.length === 0) return () => [];
  const used = new Set(
    [draft.subject.fr, draft.subject.en, draft.body.fr, draft.body.en].flatMap((text) => tagsIn(text)),
  );
  const loaded = await loadForTags(deps, db, project, participantIds, used);
  if (!loaded) return () => [];
  const compiled = {
    fr: compile(draft.subject.fr, draft.body.fr),
    en: compile(draft.subject.en, draft.body.en),
  };
  const contexts = {
    fr: context('fr', loaded.project),
    en: context('en', loaded.project),
  };
  const written = writtenIn(draft);
  return (ids) => {
    const out: RecipientMail[] = [];
    for (const id of ids) {
      const person = loaded.recipients.get(id);
      if (!person?.email) continue;
      const language = languageFor(person.language, written);
      out.push(
        renderOne(
          deps,
          person as Recipient & { email: string },
          language,
          compiled[language],
          contexts[language],
          used,
          options,
        ),
      );
    }
    return out;
  };
}

function context(
  lang: Language,
  project: NonNullable<Awaited<ReturnType<typeof loadForTags>>>['project'],
): TagContext {
  return { lang, t: translator(lang), clock: clockFor(lang, project.timeZone), project };
}

function renderOne(
  deps: Deps,
  person: Recipient & { email: string },
  language: Language,
  message: Compiled,
  ctx: TagContext,
  used: ReadonlySet<string>,
  options: RenderOptions,
): RecipientMail {
  const attachments: MailAttachment[] = [];
  if (used.has('qrCode') && person.pageUrl) {
    const cid = qrCid(person.participantId, deps.config.mail.domain);
    person.qrCid = cid;
    attachments.push({
      cid,
      filename: 'qr-code.png',
      contentType: 'image/png',
      content: qrPng(person.pageUrl).toString('base64'),
    });
  }
  const fragments = new Map<string, Fragment>();
  const fragment = (tag: string) => {
    let value = fragments.get(tag);
    if (!value) {
      value = tagValue(tag, ctx, person);
      fragments.set(tag, value);
    }
    return value;
  };
  const subject = fill(message.subject, message.subjectSlots, (slot) => fragmentLine(fragment(slot.tag)))
    .replace(/\s+/g, ' ')
    .trim();
  let body = fill(message.html, message.slots, (slot) => fragmentHtml(fragment(slot.tag), slot.block));
  let text = fill(message.text, message.slots, (slot) => fragmentText(fragment(slot.tag), slot.block));
  const footer = options.footer?.({ participantId: person.participantId, language });
  if (footer) {
    body += `\n${footer.html}`;
    text += `\n\n${footer.text}`;
  }
  return {
    participantId: person.participantId,
    to: { email: person.email, name: `${person.firstName} ${person.lastName}`.trim() },
    language,
    subject,
    html: mailLayout(language, subject, body),
    text: `${text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
    ...(footer?.headers ? { headers: footer.headers } : {}),
    ...(attachments.length ? { attachments } : {}),
  };
}
