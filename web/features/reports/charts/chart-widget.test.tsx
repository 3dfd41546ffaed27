import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartData } from '../../../../contracts/charts';
import { renderWithProviders } from '../../../../tests/support/render';
import { ChartWidget } from './chart-widget';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function counts(keys: string[], values: number[], extra: Partial<ChartData> = {}): ChartData {
  return {
    widget: 'inscriptions',
    period: 'D',
    unit: 'count',
    currency: null,
    labels: keys.map((key) => ({ key, name: null })),
    series: [{ key: 'count', name: { fr: 'Participants', en: 'Participants' }, values }],
    values,
    page: 1,
    pageCount: 1,
    total: keys.length,
    ...extra,
  };
}

let answer: (url: URL) => ChartData;
let asked: URL[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      return json(answer(url));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lastAsked = () => asked.at(-1) as URL;

describe('T3 ChartWidget', () => {
  it('shows the chart, its controls and the CSV, and its figures in a table on demand', async () => {
    answer = () => counts(['2026-03-07', '2026-03-08', '2026-03-09'], [1, 1250, 0]);
    const user = userEvent.setup();
    renderWithProviders(<ChartWidget projectId={PROJECT} widget="inscriptions" />);
    expect(screen.getByLabelText('Chargement du graphique…')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Inscriptions au projet' });
    await within(section).findByRole('img', {
      name: /Inscriptions au projet — lignes : 3, valeur la plus haute : 1\s250/,
    });
    expect(lastAsked().pathname).toBe(`/api/projects/${PROJECT}/charts/inscriptions`);
    expect(lastAsked().searchParams.get('period')).toBe('D');
    for (const name of ['Colonnes', 'Barres', 'Ligne', 'Aire', 'Jour', 'Semaine', 'Mois', 'Année'])
      expect(within(section).getByRole('radio', { name })).toBeTruthy();
    expect(within(section).queryByRole('radio', { name: 'Colonnes empilées' })).toBeNull();
    const csv = within(section).getByRole('link', { name: 'Télécharger en CSV' });
    expect(csv.getAttribute('href')).toBe(`/api/projects/${PROJECT}/charts/inscriptions.csv?period=D`);
    expect(within(section).queryByRole('navigation')).toBeNull();

    expect(screen.queryByRole('table')).toBeNull();
    const toggle = within(section).getByRole('button', { name: 'Voir les données' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const table = within(section).getByRole('table', { name: 'Données : Inscriptions au projet' });
    const rows = within(table)
      .getAllByRole('row')
      // Numbers and dates may hold no-break spaces (fr-CA: « 1 250 »).
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual(['Période ou rôleParticipants', '7 mars 20261', '8 mars 20261 250', '9 mars 20260']);
    expect(
      within(section).getByRole('button', { name: 'Masquer les données' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('asks for the period chosen from its first page, and pages only past one page', async () => {
    answer = (url) =>
      url.searchParams.get('period') === 'W'
        ? counts(['2026-03-02', '2026-03-09'], [3, 2], {
            period: 'W',
            pageCount: 2,
            total: 202,
            page: Number(url.searchParams.get('page')),
          })
        : counts(['2026-03-07'], [1]);
    const user = userEvent.setup();
    renderWithProviders(<ChartWidget projectId={PROJECT} widget="inscriptions" />);
    const section = await screen.findByRole('region', { name: 'Inscriptions au projet' });
    await within(section).findByRole('img');
    await user.click(within(section).getByRole('radio', { name: 'Semaine' }));
    const pages = await within(section).findByRole('navigation', {
      name: 'Pages du graphique Inscriptions au projet',
    });
    expect(lastAsked().searchParams.get('period')).toBe('W');
    expect(lastAsked().searchParams.get('page')).toBe('1');
    expect(within(section).getByRole('link', { name: 'Télécharger en CSV' }).getAttribute('href')).toMatch(
      /period=W$/,
    );
    await user.click(within(pages).getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastAsked().searchParams.get('page')).toBe('2'));
    await user.click(within(section).getByRole('button', { name: 'Voir les données' }));
    expect(within(section).getByRole('table').textContent).toContain('Semaine du 2 mars 2026');
  });

  it('says when there is nothing to show', async () => {
    answer = () => counts([], []);
    renderWithProviders(<ChartWidget projectId={PROJECT} widget="activity-inscriptions" />);
    expect(await screen.findByText('Aucune donnée pour l’instant.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows money in the language’s format, stacked by category with a total, in English', async () => {
    answer = () => ({
      ...counts(['2026-05-01', '2026-06-01'], [14_000, 10_000], {
        widget: 'sales',
        period: 'M',
        unit: 'money',
        currency: 'CAD',
      }),
      series: [
        { key: CATEGORY, name: { fr: 'Soirée', en: 'Gala' }, values: [12_500, 10_000] },
        { key: 'none', name: { fr: 'Sans catégorie', en: 'No category' }, values: [1_500, 0] },
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<ChartWidget projectId={PROJECT} widget="sales" />, { language: 'en' });
    const section = await screen.findByRole('region', { name: 'Paid sales by category' });
    await within(section).findByRole('img');
    expect(within(section).getByRole('radio', { name: 'Stacked column' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Show the data' }));
    const rows = within(within(section).getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Period or roleGalaNo categoryTotal',
      'May 2026$125.00$15.00$140.00',
      'June 2026$100.00$0.00$100.00',
    ]);
  });

  it('has no period for participants by role, and only columns and bars', async () => {
    answer = () => ({
      ...counts(['r1', 'r2'], [2, 0], { widget: 'roles', period: null }),
      labels: [
        { key: 'r1', name: { fr: 'Exposant 東京', en: 'Exhibitor 東京' } },
        { key: 'r2', name: { fr: 'Visiteur', en: 'Visitor' } },
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<ChartWidget projectId={PROJECT} widget="roles" />);
    const section = await screen.findByRole('region', { name: 'Participants par rôle' });
    await within(section).findByRole('img');
    expect(
      within(section)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['column', 'bar']);
    await user.click(within(section).getByRole('button', { name: 'Voir les données' }));
    expect(within(section).getByRole('table').textContent).toContain('Exposant 東京2');
  });
});
