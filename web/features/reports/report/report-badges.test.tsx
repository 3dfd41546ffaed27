import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportOptions } from '../../../../contracts/reports';
import { renderWithProviders } from '../../../../tests/support/render';
import { ReportBadges } from './report-badges';

const ROLE_A = '00000000-0000-4000-8000-0000000000a1';
const ROLE_B = '00000000-0000-4000-8000-0000000000a2';
const QUESTION = '00000000-0000-4000-8000-0000000000b1';
const CHOICE = '00000000-0000-4000-8000-0000000000b2';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';

const options: ReportOptions = {
  roles: [
    { id: ROLE_A, name: { fr: 'Acheteur', en: 'Buyer' } },
    { id: ROLE_B, name: { fr: 'Exposant', en: 'Exhibitor' } },
  ],
  groups: [],
  activities: [],
  categories: [{ id: CATEGORY, name: { fr: 'Ateliers', en: 'Workshops' } }],
  questions: [
    {
      id: QUESTION,
      name: { fr: 'Secteur', en: 'Sector' },
      choices: [{ id: CHOICE, name: { fr: 'Santé', en: 'Health' } }],
    },
  ],
  fields: [],
  hasSales: true,
  hasPersona: true,
};

describe('T1 report badges', () => {
  it('shows each active filter by its names, in French, and removes the one whose button is pressed', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ReportBadges
        search={{
          roleIds: [ROLE_A, ROLE_B],
          createdFrom: '2026-11-01',
          payment: 'paid',
          statuses: ['cancelled'],
          persona: 'no',
          activityTypes: ['kiosk', 'meeting'],
          activityTo: '2026-12-31',
          costType: 'activity',
        }}
        options={options}
        onRemove={onRemove}
        onClear={() => {}}
      />,
    );
    expect(screen.getByTestId('badge-roleIds').textContent).toBe('Rôles : Acheteur, Exposant');
    expect(screen.getByTestId('badge-createdFrom').textContent).toBe('Inscrit à partir du : 1er nov. 2026');
    expect(screen.getByTestId('badge-payment').textContent).toBe('Paiement : Payé');
    expect(screen.getByTestId('badge-statuses').textContent).toBe('Statut : Annulé');
    expect(screen.getByTestId('badge-persona').textContent).toBe('Personas (rôle persona du projet) : Non');
    expect(screen.getByTestId('badge-activityTypes').textContent).toBe(
      'Types d’activité : Kiosque, Rencontre d’affaires',
    );
    expect(screen.getByTestId('badge-activityTo').textContent).toBe('Activité jusqu’au : 31 déc. 2026');
    expect(screen.getByTestId('badge-costType').textContent).toBe('Type de coût : Activité');
    // In the form's order: persona first.
    expect(screen.getAllByTestId(/^badge-/)[0].dataset.testid).toBe('badge-persona');
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre « Paiement : Payé »' }));
    expect(onRemove).toHaveBeenCalledWith('payment');
  });

  it('names a question’s answers in English, and clears every filter at once', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ReportBadges
        search={{
          questionId: QUESTION,
          choiceIds: [CHOICE],
          b2b: 'withMeetings',
          who: 'Ünïcode 王',
          categoryIds: [CATEGORY],
          activityFrom: '2026-06-01',
        }}
        options={options}
        onRemove={() => {}}
        onClear={onClear}
      />,
      { language: 'en' },
    );
    expect(screen.getByTestId('badge-questionId').textContent).toBe('Question: Sector');
    expect(screen.getByTestId('badge-choiceIds').textContent).toBe('Answers: Health');
    expect(screen.getByTestId('badge-b2b').textContent).toBe('B2B status: With meetings');
    expect(screen.getByTestId('badge-who').textContent).toBe('Company, name or e-mail: Ünïcode 王');
    expect(screen.getByTestId('badge-categoryIds').textContent).toBe('Activity categories: Workshops');
    expect(screen.getByTestId('badge-activityFrom').textContent).toBe('Activity from: Jun 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('shows nothing without a filter', () => {
    renderWithProviders(
      <ReportBadges search={{ page: 2 }} options={options} onRemove={() => {}} onClear={() => {}} />,
    );
    expect(screen.queryByTestId('report-badges')).toBeNull();
  });
});
