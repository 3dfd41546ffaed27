import { describe } from 'vitest';
import {
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  TEXTS,
  test,
  uniqueName,
  until,
} from '../tests/support/e2e';

/**
 * Journey (issue 20): the organiser makes the public registration page's address in the « Page d’inscription » tab;
 * a newcomer opens it on a phone-sized screen, chooses a role and a free registration, fills their details, reads
 * the summary and registers; the organiser then finds them among the participants, with the role bought.
 */
describe.each(LANGUAGES)('the public registration page (%s)', (language) => {
  const t = TEXTS[language];
  test('a newcomer registers for free at 360 px', async ({ page, newPage }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const base = `/api/projects/${project.id}`;
    const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
      name: { fr: 'Visiteur', en: 'Visitor' },
    });
    const registration = uniqueName('Entrée libre');
    await api.call('POST', `${base}/payments`, {
      kind: 'registration',
      name: { fr: registration, en: registration },
      description: { fr: '', en: '' },
      priceCents: 0,
      roleIds: [role.id],
      onSale: true,
      quantity: 100,
    });

    // The organiser makes the address in the tab.
    const r = t.registration.page;
    await page.goto(`/projects/${project.id}/registration?tab=page`);
    const tab = page.getByTestId('registration-page-tab');
    await tab.getByRole('button', { name: r.create, exact: true }).click();
    await notice(page, r.created).waitFor();
    const address = await tab.getByTestId('registration-page-address').inputValue();
    expect(address).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);

    // A newcomer opens it on a phone, in the journey's language.
    const phone = await newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(address);
    const p = t.publicRegistration;
    // The page opens in the project's language (French); the switch changes it at once.
    await phone.getByTestId('language-switch').getByText(language.toUpperCase()).click();
    await until(() => phone.locator('html').getAttribute('lang')).toBe(language);
    const roleName = language === 'fr' ? 'Visiteur' : 'Visitor';
    await phone.getByRole('radio', { name: roleName }).check();
    await phone.getByRole('radio', { name: new RegExp(registration) }).check();
    await expectNoSeriousA11yViolations(phone);
    await phone.getByRole('button', { name: p.next, exact: true }).click();

    await phone.getByRole('heading', { name: p.profile.title }).waitFor();
    const email = `${uniqueName('nouveau').replace(/\s/g, '-').toLowerCase()}@example.test`;
    const field = (label: string) => phone.getByLabel(new RegExp(`^${escapeRegExp(label)}`));
    await field(p.profile.firstName).fill('Noé');
    await field(p.profile.lastName).fill('Lévesque');
    await field(p.profile.email).fill(email);
    await expectNoSeriousA11yViolations(phone);
    await phone.getByRole('button', { name: p.next, exact: true }).click();

    const summary = phone.getByTestId('summary');
    await summary.waitFor();
    await summary.getByText(registration).waitFor();
    await summary
      .getByText(language === 'fr' ? '0,00 $' : '$0.00')
      .first()
      .waitFor();
    // Usable on a phone: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(phone);
    await phone.getByRole('button', { name: p.summary.register, exact: true }).click();
    await phone.getByTestId('registration-done').getByText(p.done.body).waitFor();
    await expectNoSeriousA11yViolations(phone);

    // The organiser finds the newcomer among the participants, with the role bought.
    const list = await api.call<{ items: { email: string; role: { id: string } }[] }>(
      'GET',
      `${base}/participants?q=${encodeURIComponent('Lévesque')}`,
    );
    expect(list.items.map((item) => [item.email, item.role.id])).toEqual([[email, role.id]]);
  });
});
