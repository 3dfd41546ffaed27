import { formatMoney } from '../../../contracts/money';
import type { Tx } from '../../db/client';
import type { BuyerForm } from '../../db/schema';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { findParticipantByEmail } from '../activity-hosts/repository';
import { addMembersIn } from '../activity-members/service';
import { queueMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import { findPersonByEmail, insertParticipant } from '../participants/repository';
import { createParticipantIn } from '../participants/service';
import { findPage as findPersonalPage } from '../personal-pages/repository';
import { pagePath } from '../personal-pages/service';
import { findProject } from '../projects/repository';
import { salesPorts } from '../sales/ports';
import * as repo from './repository';

/**
 * What the buyer filled on the page: the role chosen and the profile form (names, e-mail, the standard fields, the
 * project's own fields by id), already checked by the page's purchase.
 */
export type { BuyerForm };

/**
 * What follows a sale's payment (a free registration at once; a card one when the processor confirms it): the buyer
 * becomes a participant with the role bought, a member of the activities paid for, and receives the confirmation and
 * the invoice through the outbox. Idempotent: it does nothing unless the sale is paid (or free) and not completed yet
 * — the sale's `participant_id`, set here, is the mark. The caller calls `deliverSoon` after its commit.
 * Called by the public registration page (free, with the buyer's form) and the Stripe webhook (server/modules/stripe):
 * without the form, the person written at the purchase and the first role the registration is sold to are used.
 */
export async function completeSale(tx: Tx, deps: Deps, requestId: string, buyer?: BuyerForm): Promise<void> {
  const sale = await repo.lockRequest(tx, requestId);
  if (!sale || sale.participantId) return;
  const free = sale.source === 'free' && sale.totalCents === 0;
  if (sale.status !== 'paid' && !(free && sale.status === 'pending')) return;
  const scope = { companyId: sale.companyId };
  const project = await findProject(tx, sale.companyId, sale.projectId);
  if (!project) return;
  const items = await repo.itemsOf(tx, requestId);
  const registration = items.find((item) => item.kind === 'registration');
  const roleId =
    buyer?.roleId ?? (registration?.paymentId ? await firstRole(tx, registration.paymentId) : null);

  const existing = await findParticipantByEmail(tx, sale.companyId, sale.projectId, sale.buyerEmail);
  let participantId: string;
  if (existing) {
    participantId = existing;
    // Already registered to the project: the role bought replaces theirs, their own fields are brought up to date.
    const patch: Parameters<typeof repo.updateParticipant>[2] = {};
    if (registration && roleId) patch.roleId = roleId;
    if (buyer && Object.keys(buyer.profile).length > 0) patch.profile = buyer.profile;
    await repo.updateParticipant(tx, participantId, patch);
  } else {
    const made = buyer
      ? await createParticipantIn(deps, tx, scope, sale.projectId, {
          ...buyer,
          language: buyer.language,
          roleId: buyer.roleId,
          status: 'registered',
          sendInscription: false,
        })
      : await registerKnownPerson(tx, sale, roleId);
    if (!made) return;
    participantId = made;
  }
  for (const item of items) {
    if (item.kind !== 'activity' || !item.activityId) continue;
    await addMembersIn(
      deps,
      tx,
      { companyId: sale.companyId, projectId: sale.projectId, activityId: item.activityId },
      [participantId],
    );
  }
  await repo.markCompleted(tx, requestId, participantId, {
    status: 'paid',
    paidAt: sale.paidAt ?? deps.now(),
  });

  const language = sale.language === 'en' ? 'en' : 'fr';
  const personal = await findPersonalPage(tx, participantId);
  const t = translator(language);
  const projectName = language === 'en' ? project.nameEn : project.nameFr;
  const lines = items.map((item) => (language === 'en' ? item.nameEn : item.nameFr));
  const paragraphs = [
    t('publicRegistration.mail.greeting', { name: sale.buyerName }),
    t('publicRegistration.mail.registered', { project: projectName }),
    ...lines.map((line) => `• ${line}`),
    t('publicRegistration.mail.total', { total: formatMoney(sale.totalCents, sale.currency, language) }),
    ...(personal
      ? [
          t('publicRegistration.mail.personalPage', {
            url: `${deps.config.publicUrl}${pagePath(personal.token)}`,
          }),
        ]
      : []),
    t('publicRegistration.mail.closing'),
  ];
  const subject = t('publicRegistration.mail.subject', { project: projectName });
  await queueMail(tx, {
    companyId: sale.companyId,
    projectId: sale.projectId,
    kind: 'registration',
    dedupeKey: `registration:${requestId}`,
    to: { email: sale.buyerEmail, name: sale.buyerName },
    language,
    participantId,
    subject,
    html: mailLayout(
      language,
      subject,
      paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n'),
    ),
    text: `${paragraphs.join('\n\n')}\n`,
  });
  const issueInvoice = salesPorts(deps).issueInvoice;
  if (issueInvoice && sale.totalCents > 0) {
    await issueInvoice(tx, { companyId: sale.companyId, projectId: sale.projectId, requestId });
  }
}

async function firstRole(tx: Tx, paymentId: string) {
  const [row] = await repo.rolesOf(tx, [paymentId]);
  return row?.roleId ?? null;
}

/**
 * A card sale confirmed later (the webhook) has no form with it: the person written at the purchase becomes a
 * participant with the first role the registration is sold to. The page checked the profile at the purchase; the
 * project's own fields' values are not kept meanwhile (they need a place on the sale: docs/sales/registration-page.md).
 */
async function registerKnownPerson(
  tx: Tx,
  sale: { companyId: string; projectId: string; buyerEmail: string },
  roleId: string | null,
) {
  const person = await findPersonByEmail(tx, sale.companyId, sale.buyerEmail);
  const role = roleId ?? (await findProject(tx, sale.companyId, sale.projectId))?.defaultRoleId;
  if (!person || !role) return null;
  const { id } = await insertParticipant(tx, {
    companyId: sale.companyId,
    projectId: sale.projectId,
    personId: person.id,
    roleId: role,
    profile: {},
  });
  return id;
}
