import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activities, mailNotifications } from '../db/schema';
import { findFirstDemoProject } from './groups';

/** The activity the demo's notification welcomes people to (server/seed/programme.ts). */
export const DEMO_NOTIFIED_ACTIVITY = 'Ouverture : l’économie québécoise en 2027';

const tag = (id: string, label: string) => `<span data-merge-tag="${id}" class="merge-tag">${label}</span>`;

/**
 * J5: one automatic notification in the first demo project: a welcome message to a participant added to the opening
 * session. Seeded after every membership of the demo (and those are written straight to the tables, not through
 * the services that fire notifications), so seeding the demo queues no message; the organiser's first addition does.
 * Owner: notifications.
 */
export async function seedNotifications(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const [opening] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.projectId, project.id), eq(activities.titleFr, DEMO_NOTIFIED_ACTIVITY)))
    .limit(1);
  if (!opening) return;
  await db.insert(mailNotifications).values({
    companyId: project.companyId,
    projectId: project.id,
    trigger: 'activity',
    activityId: opening.id,
    direction: 'in',
    subjectFr: 'Votre place à l’ouverture est réservée',
    subjectEn: 'Your seat at the opening is booked',
    bodyFr:
      `<p>Bonjour ${tag('firstName', 'Prénom')},</p>` +
      `<p>Vous êtes inscrit à l’ouverture de ${tag('projectName', 'Nom du projet')} : ` +
      'l’économie québécoise en 2027, à l’Agora. Présentez-vous quinze minutes avant le début.</p>' +
      `<p>Une question? Écrivez-nous à ${tag('supportEmail', 'Courriel de soutien')}.</p>`,
    bodyEn:
      `<p>Hello ${tag('firstName', 'First name')},</p>` +
      `<p>You are registered for the opening of ${tag('projectName', 'Project name')}: ` +
      'Québec’s economy in 2027, in the Agora. Please arrive fifteen minutes before it starts.</p>' +
      `<p>Any question? Write to us at ${tag('supportEmail', 'Support e-mail')}.</p>`,
    active: true,
  });
}
