import { describe } from 'vitest';
import { FIRST_DEMO_PROJECT } from '../server/seed/groups';
import {
  ApiClient,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  ORGANISER,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * Journey (issue 19): a participant opens their personal page from its secret address on a phone-sized screen, reads
 * their programme in their language, switches to the other one, and finds the address dead once the organiser
 * revokes it.
 */
describe('the participant’s personal page', () => {
  test('shows a demo participant’s programme at 360 px, in both languages, until revoked', async ({
    page,
    baseUrl,
  }) => {
    const organiser = await ApiClient.signIn(baseUrl, ORGANISER);
    const { items: projects } = await organiser.listProjects({ q: FIRST_DEMO_PROJECT });
    const project = projects.find((p) => p.nameFr === FIRST_DEMO_PROJECT) ?? projects[0];
    const { items: people } = await organiser.call<{
      items: { id: string; firstName: string }[];
    }>('GET', `/api/projects/${project.id}/participants?pageSize=100`);
    // The first demo participant with something on their programme.
    let person: { id: string; firstName: string } | undefined;
    let agenda: { title: { fr: string; en: string } }[] = [];
    for (const candidate of people) {
      agenda = (
        await organiser.call<{ items: typeof agenda }>(
          'GET',
          `/api/projects/${project.id}/participants/${candidate.id}/agenda`,
        )
      ).items;
      if (agenda.length) {
        person = candidate;
        break;
      }
    }
    if (!person) throw new Error('no demo participant has a programme');
    const addressUrl = `/api/projects/${project.id}/participants/${person.id}/personal-page`;
    const { path } = await organiser.call<{ path: string }>('POST', addressUrl);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    const fr = TEXTS.fr.personalPage;
    await page
      .getByRole('heading', { level: 1, name: fill(fr.greeting, { name: person.firstName }) })
      .waitFor();
    await page.getByRole('heading', { level: 2, name: fr.programme.title }).waitFor();
    await page.getByText(agenda[0].title.fr, { exact: true }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // Usable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);

    const en = TEXTS.en.personalPage;
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: fill(en.greeting, { name: person.firstName }) })
      .waitFor();
    await page.getByText(agenda[0].title.en, { exact: true }).first().waitFor();
    await until(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expectNoSeriousA11yViolations(page);

    // Revoked: the same address now says so, in the page's language (French: the browser's last choice is not read).
    await organiser.call('DELETE', addressUrl);
    await page.reload();
    await page.getByText(fr.notFound.body).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
