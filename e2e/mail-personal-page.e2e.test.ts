import { describe } from 'vitest';
import {
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';
import { seedMailProject } from '../tests/support/mail-journeys';

const chip = (tag: string) => `<span data-merge-tag="${tag}" class="merge-tag">${tag}</span>`;

/**
 * Issue 19, in French and in English, on a project of its own: a campaign whose message carries the personal page
 * link (`dashboardLink`) is sent to one participant; the link is read from the message as it was kept, opened on a
 * phone-sized screen (360 px), a questionnaire answer is saved there, and the organiser sees it in the participant's
 * panel.
 */
describe.each(LANGUAGES)('the personal page from a received e-mail (%s)', (language) => {
  const t = TEXTS[language];

  // needs render.ts dashboardLink (i19-render): until it is merged, the kept message has no personal page link.
  test('opened at 360 px from the message, an answer saved there is seen in the back office', async ({
    page,
    newPage,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    // The participant speaks the language of this run: Zoé in French, Liam in English; alone in the activity.
    const index = language === 'fr' ? 0 : 1;
    const { base, project, people, activity } = await seedMailProject(api, [index]);
    const person = people[index];
    const question = await api.call<{ id: string }>('POST', `${base}/questions`, {
      title: { fr: 'Votre secteur', en: 'Your sector' },
      kind: 'single',
    });
    const choices = [
      { fr: 'Énergie', en: 'Energy' },
      { fr: 'Mines', en: 'Mining' },
    ];
    for (const label of choices) {
      await api.call('POST', `${base}/questions/${question.id}/choices`, { label, categoryId: null });
    }
    await api.call('PUT', `${base}/questions/${question.id}/permissions`, {
      visibility: 'participants',
      participantCanEdit: true,
    });

    // The campaign, sent through the API (its composing is e2e/campaigns.e2e.test.ts), and the message as kept.
    const campaign = await api.call<{ id: string }>('POST', `${base}/campaigns`, {
      messageType: 0,
      audience: { activityId: activity.id },
      subject: { fr: 'Votre page', en: 'Your page' },
      body: {
        fr: `<p>Bonjour ${chip('firstName')},</p><p>${chip('dashboardLink')}</p>`,
        en: `<p>Hello ${chip('firstName')},</p><p>${chip('dashboardLink')}</p>`,
      },
      transactional: false,
      plannedAt: null,
    });
    const recipients = `${base}/campaigns/${campaign.id}/recipients`;
    let messageId: string | null | undefined;
    await until(async () => {
      messageId = (await api.call<{ items: { messageId: string | null }[] }>('GET', recipients)).items[0]
        ?.messageId;
      return messageId;
    }).toBeTruthy();
    const { html } = await api.call<{ html: string }>('GET', `/api/mail/messages/${messageId}`);
    const link = /href="([^"]*\/p\/[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
    expect(link, 'the message links to the personal page').toBeTruthy();

    // On a phone: the participant's page in their language, the questionnaire answered and saved.
    const phone = await newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(new URL(link as string).pathname);
    const texts = t.personalPage;
    await phone
      .getByRole('heading', { level: 1, name: fill(texts.greeting, { name: person.firstName }) })
      .waitFor();
    const box = phone.getByTestId('personal-question');
    await box.getByRole('radio', { name: choices[1][language] }).check();
    await phone.getByRole('button', { name: texts.questionnaire.save, exact: true }).click();
    await phone.getByRole('status').getByText(texts.questionnaire.saved).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(phone);

    // The organiser sees the answer in the participant's panel.
    await page.goto(`/projects/${project.id}/participants?participant=${person.id}`);
    const answers = page.getByTestId('participant-answers');
    await until(() => answers.getByRole('radio', { name: choices[1][language] }).isChecked()).toBe(true);
    expect(await answers.getByRole('radio', { name: choices[0][language] }).isChecked()).toBe(false);
  });
});
