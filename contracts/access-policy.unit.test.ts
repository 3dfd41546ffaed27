import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPANY_ROLES, decide, requiredRight, rightsOfRole, type UserAccess } from './access-policy';

const restricted: UserAccess = {
  isSuperAdmin: false,
  role: 'organiser',
  allProjects: false,
  projects: [{ projectId: 'p1', role: 'readonly' }],
};

describe('the access policy (A4)', () => {
  it('derives the right of an endpoint from its method', () => {
    expect(requiredRight({ method: 'GET', access: 'user' })).toBe('read');
    expect(requiredRight({ method: 'POST', access: 'user' })).toBe('write');
    expect(requiredRight({ method: 'GET', access: 'admin' })).toBe('admin');
  });

  it('gives a restricted user their role in their projects, and hides the others', () => {
    expect(decide(restricted, 'read', 'p1')).toBe('allowed');
    expect(decide(restricted, 'write', 'p1')).toBe('forbidden');
    expect(decide(restricted, 'read', 'p2')).toBe('hidden');
    expect(decide(restricted, 'write')).toBe('allowed');
    expect(decide({ ...restricted, isSuperAdmin: true }, 'superAdmin', 'p2')).toBe('allowed');
  });

  it('matches the table of docs/access/README.md', () => {
    const doc = fs.readFileSync(new URL('../docs/access/README.md', import.meta.url), 'utf8');
    for (const role of COMPANY_ROLES) {
      const index = COMPANY_ROLES.indexOf(role) + 2;
      for (const [right, held] of Object.entries(rightsOfRole(role))) {
        const row = doc.split('\n').find((line) => line.startsWith(`| ${right} |`));
        expect(row?.split('|').map((c) => c.trim())[index], `${right} for ${role}`).toBe(held ? 'yes' : 'no');
      }
    }
  });
});
