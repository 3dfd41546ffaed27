import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatTable } from '../../../contracts/pairings';
import type { PairBreakdown } from '../../../contracts/scores';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { TableMates } from './table-mates';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const LEA = '00000000-0000-4000-8000-00000000000a';
const NOE = '00000000-0000-4000-8000-00000000000b';
const person = (id: string, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.test`,
  organisation: null,
});
const breakdown: PairBreakdown = {
  a: person(LEA, 'Léa', 'Roy'),
  b: person(NOE, 'Noé', 'Côté'),
  lines: [
    {
      questionId: '00000000-0000-4000-8000-0000000000f1',
      title: { fr: 'Secteur', en: 'Sector' },
      weight: 3,
      reversed: false,
      linked: false,
      a: { labels: [{ fr: 'Énergie', en: 'Energy' }], standard: false },
      b: { labels: [{ fr: 'Énergie', en: 'Energy' }], standard: true },
      answeredByBoth: true,
      matched: true,
      points: 3,
    },
    {
      questionId: '00000000-0000-4000-8000-0000000000f2',
      title: { fr: 'Taille', en: 'Size' },
      weight: 2,
      reversed: true,
      linked: false,
      a: { labels: [], standard: false },
      b: { labels: [{ fr: 'PME', en: 'SME' }], standard: false },
      answeredByBoth: false,
      matched: false,
      points: 0,
    },
  ],
  score: 3,
  maximum: 5,
  percent: 60,
};
const tables = [
  {
    table: { id: '00000000-0000-4000-8000-0000000000t1', number: 1, name: null, vip: false, seats: 4 },
    people: [
      { participantId: LEA, firstName: 'Léa', lastName: 'Roy' },
      { participantId: NOE, firstName: 'Noé', lastName: 'Côté' },
    ],
  },
] as unknown as SeatTable[];

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(breakdown), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(['fr', 'en'] as const)('why together, from the seats screen (%s)', (language) => {
  it("lists the person's table-mates and opens a pair's breakdown by question", async () => {
    await renderRoute(
      () => (
        <TableMates projectId={PROJECT} participantId={LEA} tableId={tables[0].table.id} tables={tables} />
      ),
      { language },
    );
    await userEvent.click(
      screen.getByRole('button', { name: i18n.t('scores.whyWith', { name: 'Noé Côté' }) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: i18n.t('scores.breakdown.title', { a: 'Léa Roy', b: 'Noé Côté' }),
    });
    expect(asked[0]).toContain(`/api/projects/${PROJECT}/scores/breakdown?a=${LEA}&b=${NOE}`);
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1].textContent).toContain(language === 'fr' ? 'Secteur' : 'Sector');
    expect(rows[1].textContent).toContain(i18n.t('scores.breakdown.standard'));
    expect(rows[2].textContent).toContain(i18n.t('scores.breakdown.noAnswer'));
    expect(rows[2].textContent).toContain(i18n.t('scores.breakdown.notAnswered'));
    expect(within(dialog).getByTestId('breakdown-total').textContent?.replace(/\s/g, ' ')).toBe(
      language === 'fr' ? '3 / 5 (60 %)' : '3 / 5 (60%)',
    );
  });
});
