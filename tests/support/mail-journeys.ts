import type { Page } from 'playwright-core';
import type { Texts } from './e2e';
import { dialog, fill, until } from './e2e';
import { type ApiClient, uniqueName } from './http-client';

/** What the e-mail journeys (e2e/campaigns, e2e/notifications, e2e/mail-personal-page) seed through the API. */

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'fr' | 'en';
}

/**
 * A project of its own with three participants (Zoé speaks French, Liam English, Anaïs French) and an activity
 * holding the first two unless told (`members`: their indexes): what an e-mail journey writes to, so that no other
 * journey's data is needed or touched.
 */
export async function seedMailProject(api: ApiClient, members: number[] = [0, 1]) {
  const project = await api.createProject();
  const base = `/api/projects/${project.id}`;
  const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
    name: { fr: 'Visiteur', en: 'Visitor' },
  });
  const tag = (uniqueName('x').split(' ').at(-1) as string).toLowerCase();
  const people: Person[] = [];
  for (const [firstName, lastName, language] of [
    ['Zoé', 'Arsenault', 'fr'],
    ['Liam', 'Dubé', 'en'],
    ['Anaïs', 'Côté', 'fr'],
  ] as const) {
    const email = `${lastName
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}.${tag}@example.test`;
    const created = await api.call<{ id: string }>('POST', `${base}/participants`, {
      roleId: role.id,
      firstName,
      lastName,
      email,
      language,
    });
    people.push({ id: created.id, firstName, lastName, email, language });
  }
  const title = { fr: `Atelier ${tag}`, en: `Workshop ${tag}` };
  const activity = await api.call<{ id: string }>('POST', `${base}/activities`, {
    title,
    startsAt: `${new Date().getFullYear() + 1}-06-10T09:30`,
  });
  if (members.length) {
    await api.call('POST', `${base}/activities/${activity.id}/members`, {
      mode: 'ids',
      participantIds: members.map((n) => people[n].id),
    });
  }
  return { project, base, people, activity: { ...activity, title }, tag };
}

/**
 * The preview of a kept message, open (from the outbox or a batch's recipients): its subject and a text of its body
 * as the recipient reads it (the sandboxed frame). Returns the preview dialog.
 */
export async function expectMailPreview(
  page: Page,
  t: Texts,
  message: { to: string; subject: string; text: string },
) {
  const preview = dialog(page, fill(t.mail.outbox.previewOf, { recipient: message.to }));
  await until(() => preview.getByTestId('mail-preview-subject').textContent()).toBe(message.subject);
  const body = page.frameLocator('[data-testid="mail-preview-frame"]').locator('body');
  await until(() => body.textContent()).toContain(message.text);
  return preview;
}
