import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../contracts/http';
import { MERGE_TAG_IDS } from '../../../contracts/merge-tags';
import type { Executor } from '../../db/client';
import { type MailAttachment, participants, persons, projects } from '../../db/schema';
import type { Deps } from '../../deps';
import { escapeHtml } from '../mail/templates';

/**
 * E5: a message written once (subject and body per language, the body holding merge-tag spans) rendered for each
 * recipient in their language. Shared by campaigns (C1/C2), automatic notifications (J5) and test sends.
 * OWNER: the merge-tag slice (see docs/campaigns/merge-tags.md). This first version renders names and the project.
 */

export interface MessageDraft {
  subject: { fr: string; en: string };
  /** Sanitised HTML with `<span data-merge-tag="…">` chips (contracts/merge-tags.ts). */
  body: { fr: string; en: string };
}

export interface RenderOptions {
  /** A campaign message: it carries the organiser's identification and the unsubscribe link and headers (CASL). */
  campaign: boolean;
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

/**
 * Renders the draft for these participants of the project (in the order given; a participant without an e-mail
 * address is left out). Loads what the tags used need in a few set-based queries for the whole list, not per person.
 */
export async function renderForRecipients(
  deps: Deps,
  db: Executor,
  project: { companyId: string; projectId: string },
  draft: MessageDraft,
  participantIds: readonly string[],
  options: RenderOptions,
): Promise<RecipientMail[]> {
  void deps;
  void options;
  if (participantIds.length === 0) return [];
  const [proj] = await db
    .select({ nameFr: projects.nameFr, nameEn: projects.nameEn, supportEmail: projects.supportEmail })
    .from(projects)
    .where(and(eq(projects.companyId, project.companyId), eq(projects.id, project.projectId)));
  if (!proj) return [];
  const people = await db
    .select({
      id: participants.id,
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
      language: persons.language,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(participants.projectId, project.projectId), inArray(participants.id, [...participantIds])));
  const byId = new Map(people.map((p) => [p.id, p]));
  const out: RecipientMail[] = [];
  for (const id of participantIds) {
    const person = byId.get(id);
    if (!person?.email) continue;
    const language: Language = person.language === 'en' ? 'en' : 'fr';
    const values: Record<string, string> = {
      firstName: person.firstName,
      lastName: person.lastName,
      projectName: language === 'en' ? proj.nameEn : proj.nameFr,
      supportEmail: proj.supportEmail ?? '',
    };
    const fill = (html: string, asHtml: boolean) =>
      html.replace(/<span[^>]*data-merge-tag="([^"]*)"[^>]*>.*?<\/span>/g, (_, tag: string) =>
        asHtml ? escapeHtml(values[tag] ?? '') : (values[tag] ?? ''),
      );
    const html = fill(draft.body[language], true);
    out.push({
      participantId: id,
      to: { email: person.email, name: `${person.firstName} ${person.lastName}` },
      language,
      subject: fill(draft.subject[language], false),
      html,
      text: html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  return out;
}

/** The merge tags of a draft that do not exist (or are not offered): a translated error names the field. */
export function unknownTags(html: string): string[] {
  const known = new Set(MERGE_TAG_IDS);
  return [...html.matchAll(/data-merge-tag="([^"]*)"/g)].map((m) => m[1]).filter((tag) => !known.has(tag));
}
