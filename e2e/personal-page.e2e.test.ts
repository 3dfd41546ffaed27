import { describe } from 'vitest';
import { FIRST_DEMO_PROJECT } from '../server/seed/groups';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  otherLanguage,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * Journey (issue 19): the organiser makes a demo participant's personal page from their panel and copies its
 * address; the participant opens it on a phone-sized screen, reads their programme in their language and switches to
 * the other; the organiser revokes it (confirmed) and the same address then says it is no longer valid.
 */
describe.each(LANGUAGES)('the participant’s personal page (%s)', (language) => {
  const t = TEXTS[language];
  test('made in the panel, read at 360 px in both languages, revoked', async ({ page, newPage }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { items: projects } = await api.listProjects({ q: FIRST_DEMO_PROJECT });
    const project = projects.find((p) => p.nameFr === FIRST_DEMO_PROJECT) ?? projects[0];
    const base = `/api/projects/${project.id}`;
    const { items: people } = await api.call<{ items: { id: string; firstName: string }[] }>(
      'GET',
      `${base}/participants?pageSize=100`,
    );
    // A demo participant with something on their programme, a different one per language (each starts with no page).
    type Item = { title: { fr: string; en: string } };
    const withProgramme: { id: string; firstName: string; agenda: Item[] }[] = [];
    for (const candidate of people) {
      const agenda = (await api.call<{ items: Item[] }>('GET', `${base}/participants/${candidate.id}/agenda`))
        .items;
      if (agenda.length) withProgramme.push({ ...candidate, agenda });
      if (withProgramme.length === 2) break;
    }
    const person = withProgramme[language === 'fr' ? 0 : 1];
    if (!person) throw new Error('two demo participants with a programme are needed');
    await api.call('DELETE', `${base}/participants/${person.id}/personal-page`);

    // The organiser makes the page in the participant's panel.
    const p = t.participants.personalPage;
    await page.goto(`/projects/${project.id}/participants?participant=${person.id}`);
    const panel = page.getByTestId('participant-personal-page');
    await panel.getByText(p.none).waitFor();
    await panel.getByRole('button', { name: p.create, exact: true }).click();
    await notice(page, p.created).waitFor();
    const address = await panel.getByTestId('personal-page-address').inputValue();
    expect(address).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);

    // The participant opens it on a phone: in the language of their profile, then in the other.
    const phone = await newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(address);
    const own = (await api.call<{ language: 'fr' | 'en' }>('GET', `${base}/participants/${person.id}`))
      .language;
    for (const shown of [own, otherLanguage(own)]) {
      const texts = TEXTS[shown].personalPage;
      if (shown !== own) await phone.getByTestId('language-switch').getByText(shown.toUpperCase()).click();
      await phone
        .getByRole('heading', { level: 1, name: fill(texts.greeting, { name: person.firstName }) })
        .waitFor();
      await phone.getByRole('heading', { level: 2, name: texts.programme.title }).waitFor();
      await phone.getByRole('heading', { level: 2, name: texts.rounds.title }).waitFor();
      await phone.getByText(person.agenda[0].title[shown], { exact: true }).first().waitFor();
      await until(() => phone.locator('html').getAttribute('lang')).toBe(shown);
      // Usable on a phone: nothing wider than the screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(phone);
    }

    // An answer changed on the phone and saved is the one the organiser sees (the demo's answers put back after).
    type Answers = {
      questions: { id: string; editable: boolean; choices: { id: string }[] }[];
      answers: Record<string, string[]>;
    };
    const answersUrl = `${base}/participants/${person.id}/answers`;
    const before = await api.call<Answers>('GET', answersUrl);
    const seen = (await (
      await phone.request.get(`/api/personal-pages/${address.split('/p/')[1]}/answers`)
    ).json()) as Answers;
    const question = seen.questions.find((q) => q.editable);
    if (question) {
      const other = question.choices.find((c) => !(seen.answers[question.id] ?? []).includes(c.id));
      const q = TEXTS[otherLanguage(own)].personalPage.questionnaire;
      const box = phone.getByTestId('personal-question').nth(seen.questions.indexOf(question));
      await box.locator(`input[value="${other?.id}"]`).check();
      await phone.getByRole('button', { name: q.save, exact: true }).click();
      await phone.getByRole('status').getByText(q.saved).waitFor();
      await expectNoSeriousA11yViolations(phone);
      const after = await api.call<Answers>('GET', answersUrl);
      expect(after.answers[question.id]).toContain(other?.id);
      await api.call('PUT', answersUrl, { answers: { [question.id]: before.answers[question.id] ?? [] } });
    }

    // Revoked from the panel, after a confirmation: the address the participant holds is dead.
    await panel.getByRole('button', { name: p.revoke, exact: true }).click();
    const confirm = dialog(page, p.revokeTitle);
    await confirm.getByRole('button', { name: p.revoke, exact: true }).click();
    await notice(page, p.revoked).waitFor();
    await panel.getByText(p.none).waitFor();
    await phone.reload();
    // In the language last chosen on this phone.
    await phone.getByText(TEXTS[otherLanguage(own)].personalPage.notFound.body).waitFor();
    await expectNoSeriousA11yViolations(phone);
  });
});
