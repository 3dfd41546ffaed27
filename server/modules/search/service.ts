import type { SearchResult } from '../../../contracts/search';
import type { Deps } from '../../deps';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

const PER_KIND = 8;

/** P2: the super-admin seeker, over every company. Labels read name, first name, e-mail, company. */
export async function globalSearch(deps: Deps, auth: AuthContext, q: string): Promise<SearchResult[]> {
  const [projectRows, userRows, companyRows] = await Promise.all([
    repo.searchProjects(deps.db, q, auth.locale, PER_KIND),
    repo.searchUsers(deps.db, q, PER_KIND),
    repo.searchCompanies(deps.db, q, PER_KIND),
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
