import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, mailMessages, projects } from '../db/schema';
import { renderInscriptionMail } from '../modules/mail/templates';

/**
 * Two sample messages kept in the outbox of the demo company (one in French, one in English): what an organiser
 * reads in the app when no SMTP server is configured. Owner: mail.
 */
export async function seedMail(db: Executor) {
  const [project] = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      nameFr: projects.nameFr,
      nameEn: projects.nameEn,
      startsOn: projects.startsOn,
      endsOn: projects.endsOn,
      timeZone: projects.timeZone,
      contactEmail: companies.contactEmail,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(companies.isDemo, true))
    .orderBy(asc(projects.startsOn), asc(projects.id))
    .limit(1);
  if (!project) return;
  const people = [
    { language: 'fr', firstName: 'Élise', lastName: 'Bouchard', email: 'elise.bouchard@exemple.test' },
    { language: 'en', firstName: 'Oliver', lastName: 'Grant', email: 'oliver.grant@example.test' },
  ] as const;
  const base = Date.UTC(2026, 0, 15, 14, 0, 0);
  await db.insert(mailMessages).values(
    people.map((person, i) => {
      const mail = renderInscriptionMail({
        language: person.language,
        firstName: person.firstName,
        lastName: person.lastName,
        projectName: person.language === 'en' ? project.nameEn : project.nameFr,
        startsOn: project.startsOn,
        endsOn: project.endsOn,
        timeZone: project.timeZone,
        contactEmail: project.contactEmail,
      });
      return {
        companyId: project.companyId,
        projectId: project.id,
        kind: 'sample',
        dedupeKey: `demo-sample:${project.id}:${i}`,
        toEmail: person.email,
        toName: `${person.firstName} ${person.lastName}`,
        language: person.language,
        ...mail,
        status: 'kept',
        createdAt: new Date(base + i * 3_600_000),
      };
    }),
  );
}
