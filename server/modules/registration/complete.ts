import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contracts/money';
import type { Tx } from '../../db/client';
import { participants, persons } from '../../db/schema';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { addMembersIn } from '../activity-members/service';
import { queueMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import { findPersonByEmail } from '../participants/repository';
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
export interface BuyerForm {
  roleId: string;
  language: 'fr' | 'en';
  firstName: string;
  lastName: string;
  email: string;
  organisation?: string | null;
  jobTitle?: string | null;
  phone?: string | null;
  phonePro?: string | null;
  profile: Record<string, string>;
}

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

  let participantId = await existingParticipant(tx, sale.companyId, sale.projectId, sale.buyerEmail);
  if (participantId) {
    // Already registered to the project: the role bought replaces theirs, their own fields are brought up to date.
    const patch: Parameters<typeof repo.updateParticipant>[2] = {};
    if (registration && roleId) patch.roleId = roleId;
    if (buyer && Object.keys(buyer.profile).length > 0) patch.profile = buyer.profile;
    await repo.updateParticipant(tx, participantId, patch);
  } else {
    const person = buyer ?? (await personOf(tx, sale.companyId, sale.buyerEmail));
    if (!person) return;
    participantId = await createParticipantIn(deps, tx, scope, sale.projectId, {
      ...person,
      organisation: person.organisation ?? null,
      jobTitle: person.jobTitle ?? null,
      phone: person.phone ?? null,
      phonePro: person.phonePro ?? null,
      language: sale.language === 'en' ? 'en' : 'fr',
      roleId: roleId ?? '',
      status: 'registered',
      sendInscription: false,
      profile: buyer?.profile ?? {},
    });
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

async function existingParticipant(tx: Tx, companyId: string, projectId: string, email: string) {
  const [row] = await tx
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      and(
        eq(participants.companyId, companyId),
        eq(participants.projectId, projectId),
        eq(sql`lower(${persons.email})`, email.toLowerCase()),
      ),
    );
  return row?.id ?? null;
}

async function personOf(tx: Tx, companyId: string, email: string) {
  const row = await findPersonByEmail(tx, companyId, email);
  return row && { ...row, firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}
