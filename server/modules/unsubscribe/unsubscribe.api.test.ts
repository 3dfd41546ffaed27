import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_REQUESTS_PER_MINUTE } from '../../../contracts/unsubscribe';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildProject, insertParticipants } from '../../../tests/support/test-app';
import { companies, mailSubscriptions, participants, persons } from '../../db/schema';
import { loadOrganiserIdentity } from './footer';
import {
  ensureSubscriptionTokens,
  notUnsubscribed,
  unsubscribedAmong,
  unsubscribeHeaders,
  unsubscribeUrl,
} from './service';

const { t, camille, jordan } = withTestApp();

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FORM = 'application/x-www-form-urlencoded';

interface Setup {
  scope: { companyId: string; projectId: string };
  ana: string;
  ben: string;
}

/** A project of the demo company with Ana (French) and Ben (English). */
async function setUp(): Promise<Setup> {
  const project = await buildProject(camille, { nameFr: 'Salon des PME', nameEn: 'SME Fair' });
  const [ana, ben] = await insertParticipants(t.database.db, project.id, [
    {
      first: 'Ana',
      last: 'Roy',
      email: `ana.${project.id.slice(0, 8)}@example.test`,
      organisation: 'Érable inc.',
    },
    { first: 'Ben', last: 'Côté', organisation: 'Boréal ltée' },
  ]);
  const [benRow] = await t.database.db.select().from(participants).where(eq(participants.id, ben));
  await t.database.db.update(persons).set({ language: 'en' }).where(eq(persons.id, benRow.personId));
  return { scope: { companyId: benRow.companyId, projectId: project.id }, ana, ben };
}

async function tokenOf(setup: Setup, participantId: string) {
  const tokens = await ensureSubscriptionTokens(t.deps.db, setup.scope, [participantId]);
  return tokens.get(participantId) as string;
}

/** A request as a mail client or a browser without any cookie makes it: no session, no CSRF token. */
const bare = (options: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}) => t.app.inject(options);

const oneClick = (token: string) =>
  bare({
    method: 'POST',
    url: `/u/${token}`,
    headers: { 'content-type': FORM },
    payload: 'List-Unsubscribe=One-Click',
  });

async function unsubscribedAtOf(participantId: string) {
  const [row] = await t.database.db
    .select({ at: mailSubscriptions.unsubscribedAt })
    .from(mailSubscriptions)
    .where(eq(mailSubscriptions.participantId, participantId));
  return row?.at ?? null;
}

const listUrl = (projectId: string, query = '') => `/api/projects/${projectId}/unsubscribes${query}`;

describe('unsubscribe tokens', () => {
  it('gives each participant one token, made on demand and never replaced', async () => {
    const setup = await setUp();
    const first = await ensureSubscriptionTokens(t.deps.db, setup.scope, [setup.ana, setup.ben, setup.ana]);
    expect([...first.keys()].sort()).toEqual([setup.ana, setup.ben].sort());
    expect(first.get(setup.ana)).toMatch(TOKEN);
    expect(first.get(setup.ana)).not.toBe(first.get(setup.ben));

    // Again, and twice at once (two sends of the same project): the same tokens, one row each.
    const [again, atOnce] = await Promise.all([
      ensureSubscriptionTokens(t.deps.db, setup.scope, [setup.ben, setup.ana]),
      ensureSubscriptionTokens(t.deps.db, setup.scope, [setup.ana]),
    ]);
    expect(again).toEqual(first);
    expect(atOnce.get(setup.ana)).toBe(first.get(setup.ana));
    const rows = await t.database.db
      .select()
      .from(mailSubscriptions)
      .where(inArray(mailSubscriptions.participantId, [setup.ana, setup.ben]));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.projectId === setup.scope.projectId && r.unsubscribedAt === null)).toBe(true);
  });

  it('makes none for a participant of another project, nor for nobody', async () => {
    const setup = await setUp();
    const other = await setUp();
    const tokens = await ensureSubscriptionTokens(t.deps.db, setup.scope, [setup.ana, other.ana]);
    expect([...tokens.keys()]).toEqual([setup.ana]);
    expect((await ensureSubscriptionTokens(t.deps.db, setup.scope, [])).size).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(mailSubscriptions)
        .where(eq(mailSubscriptions.participantId, other.ana)),
    ).toEqual([]);
  });

  it('writes the address and the one-click headers of RFC 2369 and RFC 8058', () => {
    const url = unsubscribeUrl('https://maillage.example/', 'A'.repeat(43));
    expect(url).toBe(`https://maillage.example/u/${'A'.repeat(43)}`);
    expect(unsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('the unsubscribe address', () => {
  it('shows a page on GET, in the person’s language with a link to the other, and does not unsubscribe', async () => {
    const setup = await setUp();
    const token = await tokenOf(setup, setup.ana);
    const page = await bare({ method: 'GET', url: `/u/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // The app's policy: no inline script (the page has none), inline styles allowed, the form posts to this origin.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("form-action 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Salon des PME');
    expect(page.body).toContain(`<form method="post" action="/u/${token}">`);
    expect(page.body).toContain('>Me désabonner</button>');
    expect(page.body).toContain(`href="/u/${token}?lang=en" hreflang="en" lang="en">English</a>`);
    expect(page.body).not.toMatch(/<script/i);
    // Read twice, as a mail scanner and then the person: still subscribed.
    await bare({ method: 'GET', url: `/u/${token}` });
    expect(await unsubscribedAtOf(setup.ana)).toBeNull();

    const english = await bare({ method: 'GET', url: `/u/${token}?lang=en` });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('SME Fair');
    expect(english.body).toContain('>Unsubscribe me</button>');
    expect(english.body).toContain('<input type="hidden" name="lang" value="en">');
    expect(english.body).toContain('>Français</a>');

    const ben = await bare({ method: 'GET', url: `/u/${await tokenOf(setup, setup.ben)}` });
    expect(ben.body).toContain('<html lang="en">');
  });

  it('unsubscribes at once on a mail client’s one-click POST, without cookie or CSRF token; a second POST is harmless', async () => {
    const setup = await setUp();
    const token = await tokenOf(setup, setup.ana);
    const before = Date.now();
    const first = await oneClick(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe(
      'Désabonnement enregistré : vous ne recevrez plus les campagnes de Salon des PME.\n',
    );
    const at = await unsubscribedAtOf(setup.ana);
    expect(at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(at?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await unsubscribedAtOf(setup.ben)).toBeNull();
    expect(await unsubscribedAmong(t.deps.db, setup.scope.projectId, [setup.ana, setup.ben])).toEqual(
      new Set([setup.ana]),
    );

    const second = await oneClick(token);
    expect(second.statusCode).toBe(200);
    expect(await unsubscribedAtOf(setup.ana)).toEqual(at);

    // What she registered for still reaches her: her inscription e-mail is queued as before.
    const inscription = await camille.post(
      `/api/projects/${setup.scope.projectId}/participants/${setup.ana}/inscription-email`,
    );
    expect(inscription.status, JSON.stringify(inscription.body)).toBe(200);
    expect(inscription.body.queued).toBe(true);

    // The page now says so, and offers no button.
    const page = await bare({ method: 'GET', url: `/u/${token}` });
    expect(page.body).toContain('Désabonnement enregistré');
    expect(page.body).not.toContain('<form');
  });

  it('unsubscribes from the page’s form, answering a page in the language chosen', async () => {
    const setup = await setUp();
    const token = await tokenOf(setup, setup.ana);
    const done = await bare({
      method: 'POST',
      url: `/u/${token}`,
      headers: { 'content-type': FORM },
      payload: 'lang=en',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain('<html lang="en">');
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toMatch(
      /Since \w+ \d+, \d{4} at .+, you no longer receive the campaigns about SME Fair\./,
    );
    expect(await unsubscribedAtOf(setup.ana)).not.toBeNull();
  });

  it('takes a multipart one-click POST too (RFC 8058’s preferred form)', async () => {
    const setup = await setUp();
    const token = await tokenOf(setup, setup.ben);
    const boundary = 'maillage-test-boundary';
    const response = await bare({
      method: 'POST',
      url: `/u/${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Unsubscribed: you will no longer receive the campaigns about SME Fair.\n');
    expect(await unsubscribedAtOf(setup.ben)).not.toBeNull();
  });

  it('answers 404 for an unknown or malformed token, saying nothing more', async () => {
    for (const token of ['B'.repeat(43), 'not-a-token', `${'C'.repeat(43)}x`]) {
      const page = await bare({ method: 'GET', url: `/u/${token}`, headers: { 'accept-language': 'en-CA' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Page not found');
      expect(page.body).not.toContain('<form');
      expect((await oneClick(token)).statusCode).toBe(404);
    }
    const french = await bare({
      method: 'POST',
      url: `/u/${'B'.repeat(43)}`,
      headers: { 'content-type': FORM },
      payload: 'lang=fr',
    });
    expect(french.statusCode).toBe(404);
    expect(french.body).toContain('Page introuvable');
  });

  it('gives a recipient query the condition that leaves unsubscribed people out', async () => {
    const setup = await setUp();
    await oneClick(await tokenOf(setup, setup.ana));
    await tokenOf(setup, setup.ben);
    const rows = await t.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.projectId, setup.scope.projectId), notUnsubscribed(participants.id)));
    expect(rows.map((r) => r.id)).toEqual([setup.ben]);
  });
});

describe('the organiser’s list', () => {
  let setup: Setup;
  let unsubscribedAt: Date;
  beforeAll(async () => {
    setup = await setUp();
    await oneClick(await tokenOf(setup, setup.ana));
    await tokenOf(setup, setup.ben);
    unsubscribedAt = (await unsubscribedAtOf(setup.ana)) as Date;
  });

  it('shows who unsubscribed and when, searchable and paged', async () => {
    const list = await camille.get(listUrl(setup.scope.projectId));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [
        {
          participantId: setup.ana,
          firstName: 'Ana',
          lastName: 'Roy',
          email: expect.stringMatching(/^ana\./),
          organisation: 'Érable inc.',
          unsubscribedAt: unsubscribedAt.toISOString(),
        },
      ],
      page: 1,
      pageSize: 25,
      total: 1,
    });
    expect(
      (await camille.get(listUrl(setup.scope.projectId, '?q=erable&sort=name&dir=desc'))).body.total,
    ).toBe(1);
    expect((await camille.get(listUrl(setup.scope.projectId, '?q=Côté'))).body.total).toBe(0);
    expect((await camille.get(listUrl(setup.scope.projectId, '?sort=nope'))).status).toBe(400);
  });

  it('exports the list as CSV, times in the project’s zone', async () => {
    const csv = await camille.get(`/api/projects/${setup.scope.projectId}/unsubscribes.csv?sort=name`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('desabonnements-salon-des-pme.csv');
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Toronto',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(unsubscribedAt);
    const [email] = (await camille.get(listUrl(setup.scope.projectId))).body.items.map(
      (i: { email: string }) => i.email,
    );
    expect(csv.body).toBe(
      `\ufeffNom,Prénom,Courriel,Organisation,Désabonnement (America/Toronto)\nRoy,Ana,${email},Érable inc.,${wall}\n`,
    );
    const none = await camille.get(`/api/projects/${setup.scope.projectId}/unsubscribes.csv?q=nobody`);
    expect(none.body.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('is not another company’s to see or change', async () => {
    expect((await jordan.get(listUrl(setup.scope.projectId))).status).toBe(404);
    expect((await jordan.get(`/api/projects/${setup.scope.projectId}/unsubscribes.csv`)).status).toBe(404);
    const resubscribe = `${listUrl(setup.scope.projectId)}/${setup.ana}/resubscribe`;
    expect((await jordan.post(resubscribe)).status).toBe(404);
    expect(await unsubscribedAtOf(setup.ana)).toEqual(unsubscribedAt);
  });

  it('names the organiser that the footer identifies', async () => {
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, setup.scope.companyId));
    const identity = await loadOrganiserIdentity(t.deps.db, setup.scope.companyId, setup.scope.projectId);
    expect(identity).toMatchObject({ name: company.name, project: { fr: 'Salon des PME', en: 'SME Fair' } });
    const jordanCompany = jordan.user.company.id as string;
    expect(await loadOrganiserIdentity(t.deps.db, jordanCompany, setup.scope.projectId)).toBeUndefined();
  });

  it('resubscribes a person at their request, once', async () => {
    const resubscribe = `${listUrl(setup.scope.projectId)}/${setup.ana}/resubscribe`;
    expect((await camille.post(resubscribe)).body).toEqual({ ok: true });
    expect(await unsubscribedAtOf(setup.ana)).toBeNull();
    expect((await camille.get(listUrl(setup.scope.projectId))).body.total).toBe(0);
    expect((await camille.post(resubscribe)).status).toBe(404);
    expect((await camille.post(`${listUrl(setup.scope.projectId)}/${setup.ben}/resubscribe`)).status).toBe(
      404,
    );
    // The address is the same and works again.
    expect((await oneClick(await tokenOf(setup, setup.ana))).statusCode).toBe(200);
  });
});

it('limits the requests to unsubscribe addresses per client address and minute (429)', async () => {
  const from = (remoteAddress: string) => () =>
    t.app.inject({ method: 'GET', url: `/u/${'D'.repeat(43)}`, remoteAddress });
  const guesser = from('203.0.113.7');
  const statuses: number[] = [];
  for (let i = 0; i <= UNSUBSCRIBE_REQUESTS_PER_MINUTE; i++) statuses.push((await guesser()).statusCode);
  expect(statuses.slice(0, -1)).toEqual(Array(UNSUBSCRIBE_REQUESTS_PER_MINUTE).fill(404));
  expect(statuses.at(-1)).toBe(429);
  // Another client address is not held back.
  expect((await from('203.0.113.8')()).statusCode).toBe(404);
});
