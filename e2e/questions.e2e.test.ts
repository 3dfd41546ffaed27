import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { QuestionDetail } from '../contracts/questions';
import type { RoleList } from '../contracts/roles';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/**
 * Q1–Q2 in French and in English: create a question and its choices (one by the modal, two imported from a pasted
 * list with a preview), answer it in a participant's panel, change the networking weights and watch the live total,
 * then reset the scores (confirmed).
 */
describe.each(LANGUAGES)('questionnaire (%s)', (language) => {
  const t = TEXTS[language];
  const q = t.questions;
  const en = language === 'en';

  test('create a question with choices, answer it, weigh it, reset the scores', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    const roles = await api.call<RoleList>('GET', `/api/projects/${project.id}/roles`);
    const participant = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/participants`, {
      roleId: roles.items[0].id,
      firstName: 'Léa',
      lastName: 'Bérubé',
      email: `lea-${Date.now()}-${language}@example.test`,
    });

    // The empty questionnaire, then a new question.
    await page.goto(`/projects/${project.id}/questions`);
    await page.getByTestId('questions-empty').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: q.create }).click();
    let modal = dialog(page, q.createTitle);
    await modal.waitFor();
    await textField(modal, q.fields.titleFr).fill('Secteur d’activité');
    await textField(modal, q.fields.titleEn).fill('Industry');
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, q.notifications.created).waitFor();

    // Its edition opens on the choices tab: one choice by the modal.
    await page.getByRole('tab', { name: q.edition.tabs.choices, selected: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: q.choices.add }).click();
    modal = dialog(page, q.choices.addTitle);
    await textField(modal, q.fields.labelFr).fill('Énergie');
    await textField(modal, q.fields.labelEn).fill('Energy');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, q.choices.added).waitFor();
    const choiceRows = (p: Page) => p.getByTestId('choice-row');
    await until(() => choiceRows(page).count()).toBe(1);

    // Two more from a pasted list, previewed first; the duplicate is left out.
    await page.getByRole('button', { name: q.choices.import }).click();
    modal = dialog(page, q.import.title);
    await modal
      .getByRole('textbox', { name: q.import.textLabel })
      .fill('Santé\tHealth\nÉnergie\tEnergy\nAérospatiale\tAerospace');
    await modal.getByRole('button', { name: q.import.preview }).click();
    const preview = modal.getByTestId('choice-import-preview');
    await preview.waitFor();
    await preview.getByText(fill(q.import.skipped.duplicate, { line: 2 })).waitFor();
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: fill(q.import.save_other, { count: 2 }) }));
    await notice(page, fill(q.import.saved_other, { count: 2 })).waitFor();
    await until(() => choiceRows(page).count()).toBe(3);

    // The other tabs open from the URL's tab.
    await page.getByRole('tab', { name: q.edition.tabs.pairing }).click();
    await textField(page, q.fields.weight).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A second question, used for matching with a weight of 3, through the API.
    const region = await api.call<QuestionDetail>('POST', `/api/projects/${project.id}/questions`, {
      title: { fr: 'Région', en: 'Region' },
      kind: 'single',
    });
    await api.call('PUT', `/api/projects/${project.id}/questions/${region.id}/pairing`, {
      usedForMatching: true,
      weight: 3,
      reversed: false,
    });

    // Answered in the participant's panel, saved with it.
    await page.goto(`/projects/${project.id}/participants?participant=${participant.id}`);
    const panel = page.getByTestId('participant-panel');
    const answers = panel.getByTestId('participant-answers');
    const energy = answers.getByRole('checkbox', { name: en ? 'Energy' : 'Énergie' });
    await energy.waitFor();
    await expectNoSeriousA11yViolations(page);
    await energy.check();
    await answers.getByRole('checkbox', { name: en ? 'Health' : 'Santé' }).check();
    await submit(panel.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.participants.notifications.saved).waitFor();
    await page.reload();
    await until(() =>
      page
        .getByTestId('participant-answers')
        .getByRole('checkbox', { name: en ? 'Energy' : 'Énergie' })
        .isChecked(),
    ).toBe(true);

    // The weights: the total follows the typing.
    await page.goto(`/projects/${project.id}/questions/weights`);
    const total = page.getByTestId('weight-total');
    await until(() => total.textContent()).toBe('4');
    await expectNoSeriousA11yViolations(page);
    const sectorWeight = page.getByRole('textbox', {
      name: fill(q.weights.weightOf, { name: en ? 'Industry' : 'Secteur d’activité' }),
    });
    await sectorWeight.fill('');
    await until(() => total.textContent()).toBe('3');
    await sectorWeight.pressSequentially('17');
    await until(() => total.textContent()).toBe('20');
    await until(() => page.getByTestId('weight-share').first().textContent()).toBe(
      fill(q.weights.percent, { value: '85' }),
    );
    await page.getByRole('button', { name: t.common.save, exact: true }).click();
    await until(() => page.getByTestId('score-status').textContent()).toContain(q.scores.status.ready);

    // Reset the scores, confirmed.
    await page.getByRole('button', { name: q.scores.reset }).click();
    modal = dialog(page, q.scores.resetTitle);
    await modal.waitFor();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: q.scores.reset }).click();
    await modal.waitFor({ state: 'detached' });
    await until(() => page.getByTestId('score-status').textContent(), 30_000).toContain(
      q.scores.status.ready,
    );
    expect(await total.textContent()).toBe('20');
  });
});
