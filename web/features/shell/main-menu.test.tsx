import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserAccess } from '../../../contracts/access-policy';
import type { Language } from '../../../contracts/http';
import { en, fr } from '../../../locales';
import { renderRoute } from '../../../tests/support/render';
import { MainMenu } from './main-menu';

const TEXTS = { fr, en };
const PROJECT = {
  id: '4f1c2b9e-0000-4000-8000-000000000001',
  nameFr: 'Journée B2B',
  nameEn: 'B2B Day',
  externalDashboardUrl: 'https://tableau.example.org/b2b',
};

function renderMenu({
  language = 'fr' as Language,
  slim = false,
  isSuperAdmin = false,
  project = PROJECT as typeof PROJECT | null,
  path = '/projects/$projectId/roles',
  access = undefined as UserAccess | undefined,
} = {}) {
  return renderRoute(
    () => (
      <MainMenu
        project={project ?? undefined}
        slim={slim}
        isSuperAdmin={isSuperAdmin}
        access={access}
        onNavigate={() => {}}
      />
    ),
    { language, path, params: { projectId: PROJECT.id } },
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe.each(['fr', 'en'] as const)('the left menu (%s)', (language) => {
  const t = TEXTS[language].nav;

  it("makes every entry a link to its page's address", async () => {
    await renderMenu({ language, isSuperAdmin: true });
    const p = `/projects/${PROJECT.id}`;
    expect(hrefOf(t.projectDashboard)).toBe(p);
    expect(hrefOf(t.projectSettings)).toBe(`${p}/settings`);
    expect(hrefOf(t.participants)).toBe(`${p}/participants`);
    expect(hrefOf(t.roles)).toBe(`${p}/roles`);
    expect(hrefOf(t.groups)).toBe(`${p}/groups`);
    expect(hrefOf(t.profileFields)).toBe(`${p}/profile-fields`);
    expect(hrefOf(t.pairings)).toBe(`${p}/pairings`);
    expect(hrefOf(t.questions)).toBe(`${p}/questions`);
    expect(hrefOf(TEXTS[language].campaigns.nav)).toBe(`${p}/mail`);
    expect(hrefOf(t.projects)).toBe('/projects');
    expect(hrefOf(t.whatsNew)).toBe('/whats-new');
    expect(hrefOf(t.organisation)).toBe('/admin/organisation');
    expect(hrefOf(t.outbox)).toBe('/outbox');
    expect(hrefOf(t.releases)).toBe('/admin/releases');
    expect(hrefOf(t.companies)).toBe('/admin/companies');
    expect(hrefOf(t.companySwitches)).toBe('/admin/company-switches');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('A4: shows a read-only user no administration page', async () => {
    const access: UserAccess = { isSuperAdmin: false, role: 'readonly', allProjects: true, projects: [] };
    await renderMenu({ language, access });
    expect(hrefOf(t.participants)).toBe(`/projects/${PROJECT.id}/participants`);
    for (const name of [t.organisation, t.outbox, TEXTS[language].access.nav]) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('opens the external dashboard in a new tab', async () => {
    await renderMenu({ language });
    const external = screen.getByRole('link', { name: t.externalDashboard });
    expect(external.getAttribute('href')).toBe(PROJECT.externalDashboardUrl);
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external.getAttribute('aria-describedby')).toBeNull();
  });

  it("without an address, links to the configuration's tab where it is entered, described as not configured", async () => {
    const user = userEvent.setup();
    const { router } = await renderMenu({ language, project: { ...PROJECT, externalDashboardUrl: '' } });
    const external = screen.getByRole('link', { name: t.externalDashboard });
    expect(external.getAttribute('href')).toBe(`/projects/${PROJECT.id}/settings?tab=general`);
    expect(external.getAttribute('target')).toBeNull();
    expect(external.getAttribute('aria-current')).toBeNull();
    const description = document.getElementById(external.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(t.externalDashboardMissing);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    await user.hover(external);
    expect((await screen.findByRole('tooltip')).textContent).toBe(t.externalDashboardMissing);
    await user.click(external);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT.id}/settings`));
    expect(router.state.location.search).toEqual({ tab: 'general' });
  });

  it('marks the page shown as the current one, and only it', async () => {
    await renderMenu({ language });
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([t.roles]);
  });

  it('names the icons of the slim menu by their labels', async () => {
    await renderMenu({ language, slim: true });
    const projects = screen.getByRole('link', { name: t.projects });
    expect(projects.textContent).toBe('');
    expect(projects.getAttribute('href')).toBe('/projects');
  });

  it('moves within the app on a plain click', async () => {
    const user = userEvent.setup();
    const { router } = await renderMenu({ language });
    await user.click(screen.getByRole('link', { name: t.groups }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT.id}/groups`));
  });

  it('shows no project section without a project, and no super-admin page to an organiser', async () => {
    await renderMenu({ language, project: null, path: '/projects' });
    expect(screen.queryByRole('link', { name: t.projectDashboard })).toBeNull();
    expect(screen.queryByRole('link', { name: t.companies })).toBeNull();
    expect(screen.getByText(t.noProject)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.projects }).getAttribute('aria-current')).toBe('page');
  });
});
