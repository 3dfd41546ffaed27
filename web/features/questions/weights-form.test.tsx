import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WeightList } from '../../../contracts/question-answers';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { WeightsForm } from './weights-page';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const list: WeightList = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000q1',
      title: { fr: 'Secteur', en: 'Sector' },
      weight: 30,
      reversed: false,
      linkedQuestionId: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000q2',
      title: { fr: 'Région', en: 'Region' },
      weight: 10,
      reversed: false,
      linkedQuestionId: null,
    },
  ],
  scores: { status: 'ready', progress: 100, participantCount: 3, computedAt: null },
};

let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PUT') sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(list), {
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

describe.each(['fr', 'en'] as const)('networking weights (%s)', (language) => {
  it('updates the total and each share while typing, and saves every weight in one request', async () => {
    await renderRoute(() => <WeightsForm projectId={PROJECT} list={list} />, {
      language,
      path: '/projects/$projectId/questions/weights',
      params: { projectId: PROJECT },
    });
    const total = () => screen.getByTestId('weight-total').textContent;
    const shares = () =>
      screen.getAllByTestId('weight-share').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(total()).toBe('40');
    expect(shares()).toEqual(language === 'fr' ? ['75 %', '25 %'] : ['75%', '25%']);

    const region = screen.getByLabelText(
      i18n.t('questions.weights.weightOf', { name: language === 'fr' ? 'Région' : 'Region' }),
    );
    await userEvent.clear(region);
    expect(total()).toBe('30');
    await userEvent.type(region, '70');
    expect(total()).toBe('100');
    expect(shares()).toEqual(language === 'fr' ? ['30 %', '70 %'] : ['30%', '70%']);

    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.save') }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          items: [
            { id: list.items[0].id, weight: 30, reversed: false },
            { id: list.items[1].id, weight: 70, reversed: false },
          ],
        },
      ]),
    );
  });
});
