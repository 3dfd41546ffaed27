import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { translator } from '../../i18n';
import { escapeHtml } from '../mail/templates';
import { findOrganiser, type ProjectScope } from './repository';

/**
 * CASL requires every commercial message to identify its sender (name and mailing address, plus a telephone number,
 * an e-mail address or a web address to reach them) and to carry an unsubscribe mechanism. This footer says both,
 * in the recipient's language, under each campaign message (see docs/campaigns/casl.md).
 */

/** Who sends a project's campaigns: the company (Administration › Organisation) and the project's names. */
export interface OrganiserIdentity {
  name: string;
  address: string | null;
  /** The company's contact e-mail, else the project's support e-mail. */
  email: string | null;
  /** International format (E.164), as the organisation form saves it. */
  phone: string | null;
  website: string | null;
  project: { fr: string; en: string };
}

/** The identification of a project's organiser, or undefined when the project is not the company's. */
export async function loadOrganiserIdentity(
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<OrganiserIdentity | undefined> {
  const scope: ProjectScope = { companyId, projectId };
  const row = await findOrganiser(db, scope);
  if (!row) return undefined;
  const blank = (value: string | null) => (value?.trim() ? value.trim() : null);
  return {
    name: row.name,
    address: blank(row.address),
    email: blank(row.contactEmail) ?? blank(row.supportEmail),
    phone: blank(row.phone),
    website: blank(row.website),
    project: { fr: row.projectNameFr, en: row.projectNameEn },
  };
}

/** A project's name in a language, or in the other when it has none there. */
export const projectName = (names: { fr: string; en: string }, lang: Language) =>
  (lang === 'en' ? names.en || names.fr : names.fr || names.en).trim();

const readablePhone = (phone: string) => parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;

/** A web address as a link target: with its scheme (the organisation form accepts `example.com`). */
const withScheme = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/** A link of the footer: its target escaped and only ever http(s), mailto or tel. */
const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#52606d">${escapeHtml(label)}</a>`;

export interface CaslFooter {
  html: string;
  text: string;
}

/**
 * The footer of a campaign message: who sends it, their address and ways to reach them (the parts the company has
 * filled in), then the unsubscribe sentence with its link. `html` is a fragment (inline styles, every value escaped)
 * to put after the body; `text` goes after the plain-text body.
 */
export function caslFooter(
  lang: Language,
  input: { organiser: OrganiserIdentity; unsubscribeUrl: string },
): CaslFooter {
  const t = translator(lang);
  const { organiser, unsubscribeUrl } = input;
  const sentBy = t('unsubscribe.footer.sentBy', {
    organisation: organiser.name,
    project: projectName(organiser.project, lang),
  });
  const contacts: { text: string; html: string }[] = [];
  if (organiser.email) {
    contacts.push({
      text: t('unsubscribe.footer.email', { value: organiser.email }),
      html: t('unsubscribe.footer.email', { value: link(`mailto:${organiser.email}`, organiser.email) }),
    });
  }
  if (organiser.phone) {
    const phone = readablePhone(organiser.phone);
    contacts.push({
      text: t('unsubscribe.footer.phone', { value: phone }),
      html: t('unsubscribe.footer.phone', { value: link(`tel:${organiser.phone}`, phone) }),
    });
  }
  if (organiser.website) {
    contacts.push({
      text: t('unsubscribe.footer.website', { value: organiser.website }),
      html: t('unsubscribe.footer.website', {
        value: link(withScheme(organiser.website), organiser.website),
      }),
    });
  }
  const addressLines = (organiser.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const linkLabel = t('unsubscribe.footer.link');

  const text = [
    '--',
    sentBy,
    ...(addressLines.length ? [addressLines.join(', ')] : []),
    ...(contacts.length ? [contacts.map((c) => c.text).join(' · ')] : []),
    t('unsubscribe.footer.unsubscribeText', { url: unsubscribeUrl }),
  ].join('\n');

  const paragraph = (inner: string) => `<p style="margin:0 0 8px">${inner}</p>`;
  const html = [
    '<div style="margin-top:24px;padding-top:16px;border-top:1px solid #d9dee3;font-size:12px;line-height:1.5;color:#52606d">',
    paragraph(escapeHtml(sentBy)),
    ...(addressLines.length ? [paragraph(addressLines.map(escapeHtml).join('<br>'))] : []),
    ...(contacts.length ? [paragraph(contacts.map((c) => c.html).join(' · '))] : []),
    paragraph(t('unsubscribe.footer.unsubscribeHtml', { link: link(unsubscribeUrl, linkLabel) })),
    '</div>',
  ].join('\n');
  return { html, text };
}
