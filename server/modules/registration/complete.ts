import { formatMoney } from '../../../contracts/money';
import type { Tx } from '../../db/client';
import type { BuyerForm } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { findParticipantByEmail } from '../activity-hosts/repository';
import { addMembersIn } from '../activity-members/service';
import { billDocument } from '../bills/document';
import { renderBillMail } from '../bills/mail';
import { renderBillPdf } from '../bills/pdf';
import { findBill } from '../bills/repository';
import { queueMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import { findPersonByEmail, insertParticipant, insertPerson } from '../participants/repository';
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
 * without the form, the one the card sale kept (`buyer_form`) is used, then cleared with the completion; a sale
 * without one (made otherwise) takes the person known by its e-mail and the first role the registration is sold to.
 */
export async function completeSale(tx: Tx, deps: Deps, requestId: string, given?: BuyerForm): Promise<void> {
  const sale = await repo.lockRequest(tx, requestId);
  if (!sale || sale.participantId) return;
  const free = sale.source === 'free' && sale.totalCents === 0;
  if (sale.status !== 'paid' && !(free && sale.status === 'pending')) return;
  const project = await findProject(tx, sale.companyId, sale.projectId);
  if (!project) return;
  const buyer = given ?? sale.buyerForm ?? undefined;
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
      ? await participantOfForm(deps, tx, sale, buyer, given === undefined)
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
    const scope = { companyId: sale.companyId, projectId: sale.projectId };
    const invoice = await issueInvoice(tx, { ...scope, requestId });
    await queueInvoice(tx, scope, { requestId, billId: invoice.billId, participantId, to: sale });
  }
}

/** The invoice to the buyer through the outbox (their language, the PDF attached), once per sale. */
async function queueInvoice(
  tx: Tx,
  scope: { companyId: string; projectId: string },
  sale: {
    requestId: string;
    billId: string;
    participantId: string;
    to: { buyerEmail: string; buyerName: string };
  },
) {
  const bill = await findBill(tx, scope, sale.requestId, sale.billId);
  if (!bill) return;
  const document = await billDocument(tx, scope, bill);
  await queueMail(tx, {
    ...scope,
    kind: 'invoice',
    dedupeKey: `invoice:${sale.requestId}`,
    to: { email: sale.to.buyerEmail, name: sale.to.buyerName },
    language: document.language,
    participantId: sale.participantId,
    ...renderBillMail(document, await renderBillPdf(document)),
  });
}

async function firstRole(tx: Tx, paymentId: string) {
  const [row] = await repo.rolesOf(tx, [paymentId]);
  return row?.roleId ?? null;
}

/**
 * The buyer's form made a participant by the participant form's create path (U5's rules, its notifications). A card
 * sale's kept form is checked again then: if the project changed its rules since the purchase (a field made
 * mandatory, the role removed), the buyer has paid all the same — the participant is made with what was typed.
 */
async function participantOfForm(
  deps: Deps,
  tx: Tx,
  sale: { companyId: string; projectId: string; buyerEmail: string },
  buyer: BuyerForm,
  kept: boolean,
) {
  try {
    return await createParticipantIn(deps, tx, { companyId: sale.companyId }, sale.projectId, {
      ...buyer,
      status: 'registered',
      sendInscription: false,
    });
  } catch (error) {
    // Only read checks precede the writes there, so the transaction is still usable after a refusal.
    if (!kept || !(error instanceof AppError)) throw error;
    return registerKnownPerson(tx, sale, buyer.roleId, buyer);
  }
}

/**
 * The participant written as is: the person known by the sale's e-mail (or made from the form), the role bought (the
 * project's default when it is gone) and the form's own values. Used for a sale completed without a usable form.
 */
async function registerKnownPerson(
  tx: Tx,
  sale: { companyId: string; projectId: string; buyerEmail: string },
  roleId: string | null,
  form?: BuyerForm,
) {
  const project = await findProject(tx, sale.companyId, sale.projectId);
  const roles = await repo.listRoles(tx, sale.projectId);
  const role = roles.some((r) => r.id === roleId) ? roleId : project?.defaultRoleId;
  let person = await findPersonByEmail(tx, sale.companyId, sale.buyerEmail);
  if (!person && form) {
    const { roleId: _r, profile: _p, ...fields } = form;
    person = await insertPerson(tx, sale.companyId, fields);
  }
  if (!person || !role) return null;
  const { id } = await insertParticipant(tx, {
    companyId: sale.companyId,
    projectId: sale.projectId,
    personId: person.id,
    roleId: role,
    profile: form?.profile ?? {},
  });
  return id;
}
