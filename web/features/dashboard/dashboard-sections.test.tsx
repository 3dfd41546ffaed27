import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_MODULES,
  DASHBOARD_TASKS,
  type DashboardState,
  type DashboardWarning,
} from '../../../contracts/dashboard';
import type { Language } from '../../../contracts/http';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { DashboardSections } from './dashboard-sections';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const SLOW = { timeout: 30_000 };
const FEED = `/api/public/dashboard-feed/${'a'.repeat(43)}`;
const NEW_FEED = `/api/public/dashboard-feed/${'b'.repeat(43)}`;

/** The state the server would answer with these tasks done (its rules, for the test's answers). */
function stateWith(done: string[]): DashboardState {
  const tasks = DASHBOARD_TASKS.map((task) => ({
    id: task.id,
    module: task.module,
    step: task.step,
    done: done.includes(task.id),
    doneAt: done.includes(task.id) ? '2026-11-29T14:00:00.000Z' : null,
    doneBy: done.includes(task.id) ? 'Camille Gagnon' : null,
  }));
  const pct = (n: number, total: number) => Math.floor((n * 100) / total);
  const modules = DASHBOARD_MODULES.map((module) => {
    const own = tasks.filter((task) => task.module === module);
    const n = own.filter((task) => task.done).length;
    return { module, done: n, total: own.length, percent: pct(n, own.length), complete: n === own.length };
  });
  return {
    tasks,
    modules,
    progress: { done: done.length, total: tasks.length, percent: pct(done.length, tasks.length) },
  };
}

const WARNINGS: DashboardWarning[] = [
  {
    page: 'participants',
    element: 'unconfirmed',
    count: 12,
    link: { page: 'participants', search: { status: 'registered' } },
  },
  { page: 'activities', element: 'overCapacity', count: 1, link: { page: 'activities' } },
];

/** Lets the held change answer (the server's reply). */
const answer = () => (release as (() => void) | null)?.();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let done: string[];
let failChanges: boolean;
let release: (() => void) | null;
let feedPath: string | null;
beforeEach(() => {
  done = ['defineRoles'];
  failChanges = false;
  release = null;
  feedPath = FEED;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = String(input);
      if (url.includes('/dashboard/warnings')) return json(200, { items: WARNINGS });
      if (url.endsWith('/dashboard/feed')) {
        if (method === 'POST') feedPath = NEW_FEED;
        return json(200, { path: feedPath, createdAt: feedPath ? '2026-11-29T14:00:00.000Z' : null });
      }
      if (method === 'PUT') {
        // Held until the test lets the server answer: what shows meanwhile is the optimistic state.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        if (failChanges)
          return json(409, { status: 409, code: 'conflict', title: 'Conflict', requestId: 'r1' });
        const { done: on } = JSON.parse(String(init.body));
        const taskMatch = url.match(/\/tasks\/(\w+)$/);
        const moduleMatch = url.match(/\/modules\/(\w+)$/);
        const ids = taskMatch
          ? [taskMatch[1]]
          : DASHBOARD_TASKS.filter((task) => task.module === moduleMatch?.[1]).map((task) => task.id);
        done = on ? [...new Set([...done, ...ids])] : done.filter((id) => !ids.includes(id));
      }
      return json(200, stateWith(done));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function render(language: Language, url: string | null = 'https://tableau.example.org/b2b') {
  await renderRoute(() => <DashboardSections projectId={PROJECT} externalDashboardUrl={url} />, {
    language,
    path: '/projects/$projectId',
    params: { projectId: PROJECT },
  });
  await screen.findByRole('checkbox', { name: i18n.t('dashboard.tasks.defineRoles') });
}

const progressText = (n: number) =>
  i18n.t('dashboard.progress.label', {
    done: n,
    total: DASHBOARD_TASKS.length,
    percent: Math.floor((n * 100) / DASHBOARD_TASKS.length),
  });

describe.each(['fr', 'en'] as const)('project dashboard sections (%s)', (language) => {
  it(
    'shows the progress, the first step’s tasks, the warnings by page with their links, and the external dashboard',
    SLOW,
    async () => {
      await render(language);
      expect(screen.getByText(progressText(1))).toBeTruthy();
      const roles = screen.getByRole('checkbox', {
        name: i18n.t('dashboard.tasks.defineRoles'),
      }) as HTMLInputElement;
      expect(roles.checked).toBe(true);
      expect(
        screen.getByRole('tab', { name: new RegExp(i18n.t('dashboard.steps.preparation')) }),
      ).toBeTruthy();

      const unconfirmed = await screen.findByRole('link', {
        name: i18n.t('dashboard.warnings.unconfirmed', { count: 12 }),
      });
      expect(unconfirmed.getAttribute('href')).toBe(`/projects/${PROJECT}/participants?status=registered`);
      // Grouped by page: each warning under its page's title.
      const group = unconfirmed.closest('[role="alert"]') as HTMLElement;
      expect(within(group).getByText(i18n.t('dashboard.warnings.pages.participants'))).toBeTruthy();
      const over = screen.getByRole('link', {
        name: i18n.t('dashboard.warnings.overCapacity', { count: 1 }),
      });
      const other = over.closest('[role="alert"]') as HTMLElement;
      expect(within(other).getByText(i18n.t('dashboard.warnings.pages.activities'))).toBeTruthy();
      expect(other).not.toBe(group);

      const external = screen.getByRole('link', { name: i18n.t('dashboard.external.open') });
      expect(external.getAttribute('href')).toBe('https://tableau.example.org/b2b');
      expect(external.getAttribute('target')).toBe('_blank');
      expect(await screen.findByDisplayValue(`${window.location.origin}${FEED}`)).toBeTruthy();
    },
  );

  it(
    'moves the progress at once when a task is ticked, and puts it back when the server refuses',
    SLOW,
    async () => {
      await render(language);
      await userEvent.click(screen.getByRole('checkbox', { name: i18n.t('dashboard.tasks.defineGroups') }));
      expect(screen.getByText(progressText(2))).toBeTruthy();
      await waitFor(() => expect(release).not.toBeNull());
      answer();
      // The server's answer brings who did it.
      await waitFor(() => expect(screen.getAllByText(/Camille Gagnon/)).toHaveLength(2));

      failChanges = true;
      release = null;
      await userEvent.click(
        screen.getByRole('checkbox', { name: i18n.t('dashboard.tasks.configureProject') }),
      );
      expect(screen.getByText(progressText(3))).toBeTruthy();
      await waitFor(() => expect(release).not.toBeNull());
      answer();
      await waitFor(() => expect(screen.getByText(progressText(2))).toBeTruthy());
      const box = screen.getByRole('checkbox', {
        name: i18n.t('dashboard.tasks.configureProject'),
      }) as HTMLInputElement;
      expect(box.checked).toBe(false);
    },
  );

  it('says so when the last task brings the progress to 100 %', SLOW, async () => {
    done = DASHBOARD_TASKS.map((task) => task.id).filter((id) => id !== 'defineGroups');
    await render(language);
    await userEvent.click(screen.getByRole('checkbox', { name: i18n.t('dashboard.tasks.defineGroups') }));
    await waitFor(() => expect(release).not.toBeNull());
    answer();
    expect(await screen.findByText(i18n.t('dashboard.progress.complete'))).toBeTruthy();
  });

  it('asks before un-marking a module whose tasks are done', SLOW, async () => {
    await render(language);
    const name = i18n.t('dashboard.modules.roles');
    await userEvent.click(
      screen.getByRole('switch', { name: i18n.t('dashboard.modules.markIncomplete', { module: name }) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: i18n.t('dashboard.modules.confirmTitle', { module: name }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('dashboard.modules.confirm') }));
    await waitFor(() => expect(release).not.toBeNull());
    answer();
    await waitFor(() => expect(screen.getByText(progressText(0))).toBeTruthy());
  });

  it('resets the connection after a confirmation and shows the new address', SLOW, async () => {
    await render(language, null);
    expect(screen.getByText(i18n.t('dashboard.external.missing'), { exact: false })).toBeTruthy();
    await screen.findByDisplayValue(`${window.location.origin}${FEED}`);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('dashboard.external.reset') }));
    const dialog = await screen.findByRole('dialog', { name: i18n.t('dashboard.external.resetTitle') });
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('dashboard.external.reset') }));
    expect(await screen.findByDisplayValue(`${window.location.origin}${NEW_FEED}`)).toBeTruthy();
  });
});
