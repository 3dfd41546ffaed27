import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { caslFooter, loadOrganiserIdentity } from '../unsubscribe/footer';
import { ensureSubscriptionTokens, unsubscribeHeaders, unsubscribeUrl } from '../unsubscribe/service';
import type { RenderOptions } from './render';

/**
 * CASL under every campaign message (docs/campaigns/casl.md): the organiser's identification and each recipient's
 * unsubscribe link, plus the List-Unsubscribe headers (RFC 2369, one-click RFC 8058). Transactional campaigns carry
 * them too: the law exempts them from consent, not from identification and unsubscribe.
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
  return ({ participantId, language }) => {
    const token = tokens.get(participantId);
    if (!token) return undefined;
    const url = unsubscribeUrl(deps.config.publicUrl, token);
    return { ...caslFooter(language, { organiser, unsubscribeUrl: url }), headers: unsubscribeHeaders(url) };
  };
}
