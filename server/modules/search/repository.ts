import { eq } from 'drizzle-orm';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, searchCondition } from '../../db/list';
import { companies, projects, users } from '../../db/schema';

/**
 * The super-admin's search, over every company on purpose (the one place not scoped to the caller's company):
 * the route is for super-admins only.
 */
export function searchProjects(db: Executor, q: string, language: Language, limit: number) {
  const name = language === 'en' ? projects.nameEn : projects.nameFr;
  return db
    .select({ id: projects.id, name, companyId: companies.id, companyName: companies.name })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(searchCondition(q, [projects.nameFr, projects.nameEn]))
    .orderBy(humanOrder(name))
    .limit(limit);
}

export function searchUsers(db: Executor, q: string, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(searchCondition(q, [users.firstName, users.lastName, users.email]))
    .orderBy(humanOrder(users.lastName))
    .limit(limit);
}

export function searchCompanies(db: Executor, q: string, limit: number) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(searchCondition(q, [companies.name]))
    .orderBy(humanOrder(companies.name))
    .limit(limit);
}
