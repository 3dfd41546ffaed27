import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  type ApiClient,
  anonymous,
  buildProject,
  signIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { dashboardTaskCompletions, users, userTokens } from '../../db/schema';

const { t, camille, jordan, superAdmin } = withTestApp({ users: ['camille', 'jordan', 'superAdmin'] });
const STRONG = 'Orignal-bleu-2026!';

let tag = 0;
const email = (name: string) => `${name}.${Date.now().toString(36)}${tag++}@example.test`;

/** The latest message of the outbox to this address, with its body (read as an administrator of the company). */
async function mailTo(client: ApiClient, address: string) {
  const list = await client.get(
    `/api/mail/messages?q=${encodeURIComponent(address)}&sort=createdAt&dir=desc`,
  );
  expect(list.status).toBe(200);
  const [first] = list.body.items;
  expect(first, `a message to ${address}`).toBeDefined();
  return (await client.get(`/api/mail/messages/${first.id}`)).body;
}

/** The token of the first link to `path` in a message's text. */
function linkToken(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}/([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  return (match as RegExpExecArray)[1];
}

async function invite(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const body = {
    firstName: 'Élise',
    lastName: 'Tremblay',
    email: email('elise'),
    role: 'organiser',
    locale: 'fr',
    ...overrides,
  };
  const response = await client.post('/api/users/invitations', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const pinOf = (userId: string) => and(eq(userTokens.userId, userId), eq(userTokens.kind, 'pin'));

/** An invited user who accepted: signed in with their own password. */
async function activeUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const invited = await invite(camille, overrides);
  const token = linkToken((await mailTo(camille, invited.email)).text, '/invitation');
  const visitor = await anonymous(app.app);
  expect((await visitor.post(`/api/invitations/${token}`, { password: STRONG })).status).toBe(200);
  return { ...invited, client: await signIn(app.app, invited.email, STRONG) };
}

describe('the user list', () => {
  it('lists the company’s users by role, paged and searched; never another company’s', async () => {
    await invite(camille, { role: 'readonly', lastName: 'Zénon' });
    const all = await camille.get('/api/users?pageSize=25');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 25 });
    const roles = all.body.items.map((u: { role: string }) => u.role);
    // Grouped by role: administrators, then organisers, then read-only.
    const rank = { administrator: 0, organiser: 1, readonly: 2 } as Record<string, number>;
    expect(roles.map((r: string) => rank[r])).toEqual([...roles.map((r: string) => rank[r])].sort());
    expect(all.body.items.some((u: { email: string }) => u.email === jordan.user.email)).toBe(false);
    const me = all.body.items.find((u: { isSelf: boolean }) => u.isSelf);
    expect(me).toMatchObject({ email: camille.user.email, status: 'active' });
    expect(me.lastSignInAt).not.toBeNull();

    const readonly = await camille.get('/api/users?role=readonly');
    expect(readonly.body.items.length).toBeGreaterThan(0);
    expect(readonly.body.items.every((u: { role: string }) => u.role === 'readonly')).toBe(true);
    expect(readonly.body.items.find((u: { lastName: string }) => u.lastName === 'Zénon')).toMatchObject({
      status: 'invited',
      lastSignInAt: null,
    });

    const searched = await camille.get('/api/users?q=zenon');
    expect(searched.body.items.map((u: { lastName: string }) => u.lastName)).toEqual(['Zénon']);

    const bad = await camille.get('/api/users?role=boss&pageSize=7');
    expect(bad.status).toBe(400);
  });

  it('is for administrators only (translated 403)', async () => {
    const organiser = await activeUser(t, { role: 'organiser' });
    const refused = await organiser.client.get('/api/users');
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Seuls les administrateurs de l’entreprise ont accès à cette fonction.');
    // Their own account and settings are theirs.
    expect((await organiser.client.get(`/api/users/${organiser.id}`)).status).toBe(200);
    const other = await organiser.client.get(`/api/users/${camille.user.id}`);
    expect(other.status).toBe(403);
  });
});

describe('edition and settings', () => {
  it('saves names, e-mail and role; refuses bad fields by name, translated, never a 500', async () => {
    const user = await invite(camille);
    const saved = await camille.put(`/api/users/${user.id}`, {
      firstName: 'Élisa',
      lastName: 'Tremblay-Roy',
      email: `  ${user.email.toUpperCase()} `,
      role: 'administrator',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ firstName: 'Élisa', email: user.email, role: 'administrator' });

    const bad = await camille.put(`/api/users/${user.id}`, {
      firstName: 'É',
      lastName: 'Tremblay',
      email: 'pas un courriel',
      role: 'chef',
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      bad.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields.firstName).toBe('Ce champ est obligatoire (au moins 2 caractères).');
    expect(fields.email).toBe('Entrez une adresse courriel valide.');
    expect(fields.role).toBeDefined();

    const taken = await camille.put(`/api/users/${user.id}`, {
      firstName: 'Élisa',
      lastName: 'Tremblay',
      email: jordan.user.email,
      role: 'organiser',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual([
      expect.objectContaining({ field: 'email', message: 'Un utilisateur a déjà ce courriel.' }),
    ]);

    // Another company's user is not found.
    expect((await jordan.put(`/api/users/${user.id}`, saved.body)).status).toBe(404);
  });

  it('keeps the last administrator in the role', async () => {
    const refused = await jordan.put(`/api/users/${jordan.user.id}`, {
      firstName: jordan.user.firstName,
      lastName: jordan.user.lastName,
      email: jordan.user.email,
      role: 'organiser',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      field: 'role',
      message: 'This is the company’s last administrator: they keep the role.',
    });
  });

  it('lets a user set their own language and first project; an administrator sets anyone’s', async () => {
    const project = await buildProject(camille);
    const organiser = await activeUser(t);
    const own = await organiser.client.put(`/api/users/${organiser.id}/settings`, {
      locale: 'en',
      lastProjectId: project.id,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ locale: 'en', lastProjectId: project.id });
    const session = await organiser.client.get('/api/session');
    expect(session.body.user).toMatchObject({ locale: 'en', lastProjectId: project.id });

    expect(
      (
        await organiser.client.put(`/api/users/${camille.user.id}/settings`, {
          locale: 'en',
          lastProjectId: null,
        })
      ).status,
    ).toBe(403);
    const byAdmin = await camille.put(`/api/users/${organiser.id}/settings`, {
      locale: 'fr',
      lastProjectId: null,
    });
    expect(byAdmin.body).toMatchObject({ locale: 'fr', lastProjectId: null });

    const otherCompany = await buildProject(jordan);
    const wrong = await camille.put(`/api/users/${organiser.id}/settings`, {
      locale: 'de',
      lastProjectId: otherCompany.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.map((f: { field: string }) => f.field)).toEqual(['locale']);
    const unknown = await camille.put(`/api/users/${organiser.id}/settings`, {
      locale: 'fr',
      lastProjectId: otherCompany.id,
    });
    expect(unknown.body.fields[0]).toMatchObject({ field: 'lastProjectId' });
  });
});

describe('deletion', () => {
  it('ends the sessions, keeps what they made under their name, refuses oneself and the last administrator', async () => {
    const project = await buildProject(camille);
    const colleague = await activeUser(t, { firstName: 'Noémie', lastName: 'Gagnon', role: 'administrator' });
    const ticked = await colleague.client.put(`/api/projects/${project.id}/dashboard/tasks/defineRoles`, {
      done: true,
    });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);

    const gone = await camille.delete(`/api/users/${colleague.id}`);
    expect(gone.status).toBe(200);
    expect((await colleague.client.get('/api/session')).body.user).toBeNull();
    expect((await camille.get(`/api/users/${colleague.id}`)).status).toBe(404);
    const [tick] = await t.database.db
      .select()
      .from(dashboardTaskCompletions)
      .where(eq(dashboardTaskCompletions.projectId, project.id));
    expect(tick).toMatchObject({ doneBy: null, doneByName: 'Noémie Gagnon' });
    const dashboard = await camille.get(`/api/projects/${project.id}/dashboard`);
    const task = dashboard.body.tasks.find((x: { id: string }) => x.id === 'defineRoles');
    expect(task.doneBy).toBe('Noémie Gagnon');

    const self = await camille.delete(`/api/users/${camille.user.id}`);
    expect(self.status).toBe(409);
    expect(self.body.title).toBe('Vous ne pouvez pas supprimer votre propre compte.');

    // The super-admin, working in the second company, may not delete its only administrator.
    const companyId = jordan.user.company.id;
    expect((await superAdmin.post('/api/session/company', { companyId })).status).toBe(200);
    const last = await superAdmin.delete(`/api/users/${jordan.user.id}`);
    expect(last.status).toBe(409);
    expect(last.body.title).toMatch(/dernier administrateur|last administrator/);
  });
});

describe('invitations', () => {
  it('mails a link in the invitee’s language; the invitee chooses a password and is signed in', async () => {
    const invited = await invite(camille, { firstName: 'Olivia', locale: 'en' });
    expect(invited).toMatchObject({ status: 'invited', role: 'organiser' });
    const mail = await mailTo(camille, invited.email);
    expect(mail).toMatchObject({ kind: 'invitation', language: 'en' });
    expect(mail.subject).toBe('Invitation to join Événements Maillage (démo) on Maillage');
    const token = linkToken(mail.text, '/invitation');
    expect(mail.html).toContain(`/invitation/${token}`);

    // No password yet: no sign-in.
    const visitor = await anonymous(t.app);
    expect((await visitor.post('/api/session', { email: invited.email, password: STRONG })).status).toBe(401);

    const shown = await visitor.get(`/api/invitations/${token}`);
    expect(shown.body).toMatchObject({
      email: invited.email,
      firstName: 'Olivia',
      companyName: 'Événements Maillage (démo)',
      locale: 'en',
    });
    const common = await visitor.post(`/api/invitations/${token}`, { password: 'password12' });
    expect(common.status).toBe(400);
    expect(common.body.fields[0]).toMatchObject({ field: 'password' });
    const short = await visitor.post(`/api/invitations/${token}`, { password: 'Court-1' });
    expect(short.body.fields[0]).toMatchObject({ field: 'password' });

    const accepted = await visitor.post(`/api/invitations/${token}`, { password: STRONG });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email: invited.email, locale: 'en' });
    expect((await visitor.get('/api/session')).body.user.email).toBe(invited.email);
    expect((await signIn(t.app, invited.email, STRONG)).user.email).toBe(invited.email);
    // Used once.
    expect((await visitor.post(`/api/invitations/${token}`, { password: STRONG })).status).toBe(404);
    expect((await camille.get(`/api/users/${invited.id}`)).body.status).toBe('active');
  });

  it('resends with a new link (the old one stops), cancels, and shows an expired invitation', async () => {
    const invited = await invite(camille);
    const first = linkToken((await mailTo(camille, invited.email)).text, '/invitation');
    expect((await camille.post(`/api/users/${invited.id}/invitation`)).status).toBe(200);
    const second = linkToken((await mailTo(camille, invited.email)).text, '/invitation');
    expect(second).not.toBe(first);
    const visitor = await anonymous(t.app);
    const old = await visitor.get(`/api/invitations/${first}`);
    expect(old.status).toBe(404);
    expect(old.body.title).toBe('Ce lien n’est plus valide : il a déjà servi, a été remplacé ou a expiré.');

    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userTokens.userId, invited.id));
    expect((await visitor.get(`/api/invitations/${second}`)).status).toBe(404);
    expect((await camille.get(`/api/users/${invited.id}`)).body.status).toBe('invitationExpired');

    expect((await camille.delete(`/api/users/${invited.id}/invitation`)).status).toBe(200);
    expect((await camille.get(`/api/users/${invited.id}`)).status).toBe(404);
    const dup = await camille.post('/api/users/invitations', {
      firstName: 'Jo',
      lastName: 'Doe',
      email: camille.user.email,
      role: 'organiser',
      locale: 'fr',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fields[0]).toMatchObject({ field: 'email' });
  });
});

describe('« mot de passe oublié »', () => {
  it('gives the same answer for an unknown address, mails a single-use link, closes every session', async () => {
    const user = await activeUser(t);
    const visitor = await anonymous(t.app);
    const unknown = await visitor.post('/api/password-reset', { email: email('nobody') });
    const known = await visitor.post('/api/password-reset', { email: user.email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(unknown.body).toEqual(known.body);

    const mail = await mailTo(camille, user.email);
    expect(mail).toMatchObject({ kind: 'password-reset', subject: 'Nouveau mot de passe Maillage' });
    const token = linkToken(mail.text, '/reset-password');
    expect((await visitor.get(`/api/password-reset/${token}`)).body).toEqual({ email: user.email });

    const newPassword = 'Caribou-vert-2027!';
    const reset = await visitor.post(`/api/password-reset/${token}`, { password: newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(user.email);
    // The session the user had elsewhere is over; the old password no longer works; the new one does.
    expect((await user.client.get('/api/session')).body.user).toBeNull();
    expect((await user.client.get(`/api/users/${user.id}`)).status).toBe(401);
    expect((await visitor.get('/api/session')).body.user.email).toBe(user.email);
    const again = await anonymous(t.app);
    expect((await again.post('/api/session', { email: user.email, password: STRONG })).status).toBe(401);
    expect((await again.post('/api/session', { email: user.email, password: newPassword })).status).toBe(200);
    // Single use.
    expect(
      (await again.post(`/api/password-reset/${token}`, { password: 'Caribou-rouge-2028!' })).status,
    ).toBe(404);
  });

  it('refuses an expired link and a common password, and limits the requests', async () => {
    const user = await activeUser(t);
    const visitor = await anonymous(t.app);
    await visitor.post('/api/password-reset', { email: user.email });
    const token = linkToken((await mailTo(camille, user.email)).text, '/reset-password');
    const common = await visitor.post(`/api/password-reset/${token}`, { password: 'iloveyou123' });
    expect(common.status).toBe(400);
    expect(common.body.fields[0]).toMatchObject({
      field: 'password',
      message: 'Ce mot de passe est trop courant : choisissez-en un autre.',
    });
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    expect((await visitor.post(`/api/password-reset/${token}`, { password: STRONG })).status).toBe(404);

    await visitor.post('/api/password-reset', { email: user.email });
    await visitor.post('/api/password-reset', { email: user.email });
    const limited = await visitor.post('/api/password-reset', { email: user.email });
    expect(limited.status).toBe(429);
    expect(limited.body.title).toBe('Trop de tentatives. Patientez quelques minutes avant de réessayer.');
  });
});

describe('kiosk PIN', () => {
  let user: Awaited<ReturnType<typeof activeUser>>;
  beforeAll(async () => {
    user = await activeUser(t, { firstName: 'Kiosque' });
  });

  it('is shown once, signs in with the e-mail, and a new one replaces it', async () => {
    const made = await camille.post(`/api/users/${user.id}/pin`);
    expect(made.status).toBe(200);
    expect(made.body.pin).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(userTokens).where(pinOf(user.id));
    expect(JSON.stringify(row)).not.toContain(made.body.pin);
    expect(new Date(made.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(11 * 3600_000);

    const kiosk = await anonymous(t.app);
    const signed = await kiosk.post('/api/session/pin', { email: user.email, pin: made.body.pin });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.user.email).toBe(user.email);

    const next = await camille.post(`/api/users/${user.id}/pin`);
    const other = await anonymous(t.app);
    if (next.body.pin !== made.body.pin) {
      expect((await other.post('/api/session/pin', { email: user.email, pin: made.body.pin })).status).toBe(
        401,
      );
    }
    expect((await other.post('/api/session/pin', { email: user.email, pin: next.body.pin })).status).toBe(
      200,
    );
    // An organiser cannot make PINs.
    expect((await user.client.post(`/api/users/${user.id}/pin`)).status).toBe(403);
  });

  it('refuses a wrong, malformed or expired PIN', async () => {
    const made = (await camille.post(`/api/users/${user.id}/pin`)).body.pin as string;
    const wrongPin = made === '000000' ? '000001' : '000000';
    const kiosk = await anonymous(t.app);
    const wrong = await kiosk.post('/api/session/pin', { email: user.email, pin: wrongPin });
    expect(wrong.status).toBe(401);
    expect(wrong.body.title).toBe('Courriel ou NIP incorrect, ou NIP expiré.');
    const malformed = await kiosk.post('/api/session/pin', { email: user.email, pin: '12ab' });
    expect(malformed.status).toBe(400);

    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    expect((await kiosk.post('/api/session/pin', { email: user.email, pin: made })).status).toBe(401);
  });

  it('limits the attempts per address and e-mail, and spends a PIN after five wrong ones', async () => {
    const target = await activeUser(t, { firstName: 'Borne' });
    const pin = (await camille.post(`/api/users/${target.id}/pin`)).body.pin as string;
    const guess = pin === '111111' ? '111112' : '111111';
    const kiosk = await anonymous(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await kiosk.post('/api/session/pin', { email: target.email, pin: guess })).status).toBe(401);
    }
    const limited = await kiosk.post('/api/session/pin', { email: target.email, pin });
    expect(limited.status).toBe(429);
    const [row] = await t.database.db.select().from(userTokens).where(pinOf(target.id));
    expect(row).toMatchObject({ kind: 'pin', failures: 5 });
    expect(row.usedAt).not.toBeNull();
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(stored.passwordHash).not.toBeNull();
  });
});
