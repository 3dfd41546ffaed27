import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const hostsUrl = (projectId: string, activityId: string) =>
  `/api/projects/${projectId}/activities/${activityId}/hosts`;

async function setup(client: ApiClient = camille, overrides: Record<string, unknown> = {}) {
  const project = await buildProject(client, overrides);
  const activity = await buildActivity(client, project.id, {
    title: { fr: 'Atelier export', en: 'Export workshop' },
    startsAt: '2027-06-01T09:30',
    durationMinutes: 90,
    location: 'Salle 2',
  });
  return { project, activity, url: hostsUrl(project.id, activity.id) };
}

/** A participant of the project (and so a person of the company) with this e-mail. */
async function buildParticipant(projectId: string, email: string, language: 'fr' | 'en' = 'fr') {
  const role = await camille.post(`/api/projects/${projectId}/roles`, {
    name: { fr: 'Invité', en: 'Guest' },
  });
  const response = await camille.post(`/api/projects/${projectId}/participants`, {
    roleId: role.body.id,
    firstName: 'Mélanie',
    lastName: 'Tremblay',
    email,
    language,
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('activity hosts (V5)', () => {
  it('are created, listed by name, edited and deleted; a participant with the e-mail is linked', async () => {
    const { project, url } = await setup();
    expect((await camille.get(url)).body).toEqual({ items: [] });
    const participant = await buildParticipant(project.id, 'melanie@example.test');

    const first = await camille.post(url, {
      email: ' Melanie@Example.test ',
      firstName: 'Mélanie',
      lastName: '<b>Tremblay</b>',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      email: 'melanie@example.test',
      firstName: 'Mélanie',
      lastName: 'Tremblay',
      participantId: participant.id,
      createdAt: expect.any(String),
    });
    const second = await camille.post(url, {
      email: 'ali@example.test',
      firstName: 'Ali',
      lastName: 'Benali',
    });
    expect(second.body.participantId).toBeNull();
    const list = (await camille.get(url)).body.items;
    expect(list.map((h: { lastName: string }) => h.lastName)).toEqual(['Benali', 'Tremblay']);

    const edited = await camille.put(`${url}/${second.body.id}`, {
      email: 'ali.benali@example.test',
      firstName: 'Ali',
      lastName: 'Ben Ali',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ email: 'ali.benali@example.test', lastName: 'Ben Ali' });

    expect((await camille.delete(`${url}/${second.body.id}`)).body).toEqual({ ok: true });
    expect((await camille.get(url)).body.items).toHaveLength(1);
    expect((await camille.delete(`${url}/${second.body.id}`)).status).toBe(404);
  });

  it('refuse names of 1 character once one space is removed, a bad e-mail and a second host with an e-mail', async () => {
    const { url } = await setup();
    const short = await camille.post(url, { email: 'not-an-email', firstName: 'A ', lastName: ' B' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual([
      { field: 'email', code: 'validation.email', message: 'Entrez une adresse courriel valide.' },
      {
        field: 'firstName',
        code: 'validation.activityHosts.nameTooShort',
        message: 'Entrez au moins 2 caractères (sans compter une espace).',
      },
      { field: 'lastName', code: 'validation.activityHosts.nameTooShort', message: expect.any(String) },
    ]);
    // One space removed from « A B » leaves 2 characters: accepted.
    expect(
      (await camille.post(url, { email: 'ab@example.test', firstName: 'A B', lastName: 'Lo' })).status,
    ).toBe(200);
    const twice = await camille.post(url, {
      email: 'AB@example.test',
      firstName: 'Autre',
      lastName: 'Personne',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual([
      {
        field: 'email',
        code: 'validation.activityHosts.emailTaken',
        message: 'Cette activité a déjà un animateur avec ce courriel.',
      },
    ]);
    const other = (await camille.post(url, { email: 'cd@example.test', firstName: 'Cé', lastName: 'Dé' }))
      .body;
    const clash = await camille.put(`${url}/${other.id}`, {
      email: 'ab@example.test',
      firstName: 'Cé',
      lastName: 'Dé',
    });
    expect(clash.status).toBe(400);
    expect(clash.body.fields[0].field).toBe('email');
    // The same e-mail on another activity is fine.
    const again = await setup();
    expect(
      (await camille.post(again.url, { email: 'ab@example.test', firstName: 'A B', lastName: 'Lo' })).status,
    ).toBe(200);
    expect((await camille.post(url, {})).body.fields.map((f: { field: string }) => f.field)).toEqual([
      'email',
      'firstName',
      'lastName',
    ]);
  });

  it('answer 401 without a session and 404 to another company, on activities and hosts', async () => {
    const { project, activity, url } = await setup();
    const host = (await camille.post(url, { email: 'h@example.test', firstName: 'Hé', lastName: 'Lo' })).body;
    const visitor = await anonymous(t.app);
    expect((await visitor.get(url)).status).toBe(401);
    const body = { email: 'x@example.test', firstName: 'Xa', lastName: 'Vi' };
    expect((await jordan.get(url)).status).toBe(404);
    expect((await jordan.post(url, body)).status).toBe(404);
    expect((await jordan.put(`${url}/${host.id}`, body)).status).toBe(404);
    expect((await jordan.delete(`${url}/${host.id}`)).status).toBe(404);
    expect((await jordan.post(`${url}/${host.id}/mail`)).status).toBe(404);
    expect(
      (await jordan.post(`/api/projects/${project.id}/host-lookup`, { email: 'h@example.test' })).status,
    ).toBe(404);
    // Jordan's own activity does not open Camille's host either.
    const own = await setup(jordan);
    expect((await jordan.put(`${own.url}/${host.id}`, body)).status).toBe(404);
    expect((await jordan.delete(`${own.url}/${host.id}`)).status).toBe(404);
    // Nor does another activity of the same project.
    const sibling = await buildActivity(camille, project.id);
    expect((await camille.delete(`${hostsUrl(project.id, sibling.id)}/${host.id}`)).status).toBe(404);
    expect((await camille.get(url)).body.items).toHaveLength(1);
    expect(activity.id).toBeTruthy();
  });
});

describe('e-mail lookup (the spec’s GetEmailIsExist)', () => {
  it('says whether the text is an e-mail and gives the names of the person of the company who has it', async () => {
    const { project } = await setup();
    await buildParticipant(project.id, 'known@example.test');
    const lookup = (email: string) => camille.post(`/api/projects/${project.id}/host-lookup`, { email });
    expect((await lookup(' KNOWN@example.test ')).body).toEqual({
      valid: true,
      email: 'known@example.test',
      firstName: 'Mélanie',
      lastName: 'Tremblay',
    });
    // A person of the company is found from any of its projects.
    const other = await buildProject(camille);
    expect(
      (await camille.post(`/api/projects/${other.id}/host-lookup`, { email: 'known@example.test' })).body
        .firstName,
    ).toBe('Mélanie');
    expect((await lookup('new@example.test')).body).toEqual({
      valid: true,
      email: 'new@example.test',
      firstName: null,
      lastName: null,
    });
    expect((await lookup('nope')).body).toMatchObject({ valid: false, firstName: null });
    // Another company's person is not known to Jordan.
    const own = await buildProject(jordan);
    expect(
      (await jordan.post(`/api/projects/${own.id}/host-lookup`, { email: 'known@example.test' })).body
        .firstName,
    ).toBeNull();
    expect((await camille.post(`/api/projects/${project.id}/host-lookup`, {})).status).toBe(400);
  });
});

describe('mail to a host', () => {
  it('queues a message in the host’s language telling the activity, its date and time in the zone, its place', async () => {
    const { project, url } = await setup();
    await buildParticipant(project.id, 'english@example.test', 'en');
    const english = (
      await camille.post(url, { email: 'english@example.test', firstName: 'Mel', lastName: 'Tremblay' })
    ).body;
    const french = (await camille.post(url, { email: 'fr@example.test', firstName: 'Éloi', lastName: 'Roy' }))
      .body;

    const sent = await camille.post(`${url}/${english.id}/mail`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      title: 'Courriel envoyé à Mel Tremblay (english@example.test).',
    });
    expect((await camille.post(`${url}/${french.id}/mail`)).body.success).toBe(true);

    const outbox = (await camille.get('/api/mail/messages?q=example.test&pageSize=100')).body.items;
    const toEnglish = outbox.find((m: { toEmail: string }) => m.toEmail === 'english@example.test');
    const toFrench = outbox.find((m: { toEmail: string }) => m.toEmail === 'fr@example.test');
    expect(toEnglish).toMatchObject({
      subject: 'You host “Export workshop”',
      language: 'en',
      kind: 'activityHost',
    });
    // Unknown person: the project's default language (French).
    expect(toFrench).toMatchObject({ subject: 'Vous animez « Atelier export »', language: 'fr' });
    const message = (await camille.get(`/api/mail/messages/${toFrench.id}`)).body;
    expect(message.text).toContain('9 h 30');
    expect(message.text).toContain('11 h 00');
    expect(message.text).toContain('1er juin 2027');
    expect(message.text).toContain('America/Toronto');
    expect(message.text).toContain('Lieu : Salle 2.');
    const englishMessage = (await camille.get(`/api/mail/messages/${toEnglish.id}`)).body;
    expect(englishMessage.text).toContain('June 1, 2027');
    expect(englishMessage.text).toContain('9:30');
  });
});
