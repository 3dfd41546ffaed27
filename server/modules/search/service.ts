import { eq } from 'drizzle-orm';
import type { SearchResult } from '../../../contracts/search';
import { humanOrder, searchCondition } from '../../db/list';
import { companies, projects, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AuthContext } from '../session/auth-context';

const PER_KIND = 8;

/** P2: the super-admin seeker, over every company. Labels read name, first name, e-mail, company. */
export async function globalSearch(deps: Deps, auth: AuthContext, q: string): Promise<SearchResult[]> {
  const projectName = auth.locale === 'en' ? projects.nameEn : projects.nameFr;
  const [projectRows, userRows, companyRows] = await Promise.all([
    deps.db
      .select({ id: projects.id, name: projectName, companyId: companies.id, companyName: companies.name })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(searchCondition(q, [projects.nameFr, projects.nameEn]))
      .orderBy(humanOrder(projectName))
      .limit(PER_KIND),
    deps.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        companyId: companies.id,
        companyName: companies.name,
        lastProjectId: users.lastProjectId,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(searchCondition(q, [users.firstName, users.lastName, users.email]))
      .orderBy(humanOrder(users.lastName))
      .limit(PER_KIND),
    deps.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(searchCondition(q, [companies.name]))
      .orderBy(humanOrder(companies.name))
      .limit(PER_KIND),
  ]);
  return [
    ...companyRows.map((c) => ({
      kind: 'company' as const,
      id: c.id,
      companyId: c.id,
      companyName: c.name,
      label: c.name,
      projectId: null,
    })),
    ...projectRows.map((p) => ({
      kind: 'project' as const,
      id: p.id,
      companyId: p.companyId,
      companyName: p.companyName,
      label: `${p.name}, ${p.companyName}`,
      projectId: p.id,
    })),
    ...userRows.map((u) => ({
      kind: 'user' as const,
      id: u.id,
      companyId: u.companyId,
      companyName: u.companyName,
      label: `${u.lastName}, ${u.firstName}, ${u.email}, ${u.companyName}`,
      projectId: null,
    })),
  ];
}
