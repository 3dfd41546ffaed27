import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { escapeHtml } from '../mail/templates';
import { caslFooter, loadOrganiserIdentity } from '../unsubscribe/footer';
import { ensureSubscriptionTokens, unsubscribeHeaders, unsubscribeUrl } from '../unsubscribe/service';
import type { RenderOptions } from './render';

/** Where each recipient's unsubscribe address goes in the footer written once per language (no character to escape). */
const URL_SLOT = 'casl-unsubscribe-url-slot';

/**
 * CASL under every campaign message (docs/campaigns/casl.md): the organiser's identification and each recipient's
 * unsubscribe link, plus the List-Unsubscribe headers (RFC 2369, one-click RFC 8058). Transactional campaigns carry
 * them too: the law exempts them from consent, not from identification and unsubscribe.
 * The footer is written once per language, then only the address changes per recipient (the translation of the
 * whole footer per message was an eighth of what a campaign's send allocated).
 */
export async function campaignFooter(
  deps: Deps,
  db: Executor,
  project: { companyId: string; projectId: string },
  participantIds: readonly string[],
): Promise<RenderOptions['footer']> {
  const organiser = await loadOrganiserIdentity(db, project.companyId, project.projectId);
  if (!organiser) return undefined;
  const tokens = await ensureSubscriptionTokens(db, project, participantIds);
  const written = new Map<Language, { html: string[]; text: string[] }>();
  const footerIn = (language: Language) => {
    let parts = written.get(language);
    if (!parts) {
      const footer = caslFooter(language, { organiser, unsubscribeUrl: URL_SLOT });
      parts = { html: footer.html.split(URL_SLOT), text: footer.text.split(URL_SLOT) };
      written.set(language, parts);
    }
    return parts;
  };
  return ({ participantId, language }) => {
    const token = tokens.get(participantId);
    if (!token) return undefined;
    const url = unsubscribeUrl(deps.config.publicUrl, token);
    const parts = footerIn(language);
    return {
      html: parts.html.join(escapeHtml(url)),
      text: parts.text.join(url),
      headers: unsubscribeHeaders(url),
    };
  };
}
