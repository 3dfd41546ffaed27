import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps } from '../../../tests/support/spreadsheet-import';
import { buildActivity, buildProject, insertParticipants } from '../../../tests/support/test-app';
import {
  activities,
  activityMembers,
  mailMessages,
  mailNotifications,
  participants,
  persons,
  projects,
} from '../../db/schema';
import { DEMO_NOTIFIED_ACTIVITY } from '../../seed/notifications';
import { notifyMembership } from './trigger';

const { t, camille, jordan } = withTestApp();
const steps = importSteps(() => t.app);

const tag = (id: string, label: string) => `<span data-merge-tag="${id}" class="merge-tag">${label}</span>`;
const welcome = {
  subject: { fr: 'Bienvenue à l’atelier', en: 'Welcome to the workshop' },
  body: {
    fr: `<p>Bonjour ${tag('firstName', 'Prénom')}, bienvenue à ${tag('projectName', 'Projet')}.</p>`,
    en: `<p>Hello ${tag('firstName', 'First name')}, welcome to ${tag('projectName', 'Project')}.</p>`,
  },
};

interface World {
  projectId: string;
  activityId: string;
  otherActivityId: string;
  groupId: string;
  /** Ana reads French, Ben English. */
  ana: string;
  ben: string;
  roleId: string;
}
let w: World;

const url = (suffix = '') => `/api/projects/${w.projectId}/notifications${suffix}`;
const membersUrl = (activityId = w.activityId) =>
  `/api/projects/${w.projectId}/activities/${activityId}/members`;
const groupMembersUrl = () => `/api/projects/${w.projectId}/groups/${w.groupId}/members`;

/** The notification messages of the outbox for this project, oldest first. */
async function outbox() {
  const rows = await t.database.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.projectId, w.projectId), eq(mailMessages.kind, 'notification')))
    .orderBy(mailMessages.createdAt);
  return rows;
}

/** Runs `act` and answers the notification messages it left in the outbox. */
async function queuedBy(act: () => Promise<unknown>) {
  const before = new Set((await outbox()).map((m) => m.id));
  await act();
  return (await outbox()).filter((m) => !before.has(m.id));
}

async function createNotification(body: Record<string, unknown>) {
  const response = await camille.post(url(), { ...welcome, direction: 'in', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string };
}

beforeAll(async () => {
  const project = await buildProject(camille, { nameFr: 'Salon des Érables', nameEn: 'Maple Fair' });
  const projectId = project.id as string;
  const [ana, ben] = await insertParticipants(t.database.db, projectId, [
    { first: 'Ana', last: 'Roy', email: 'ana.roy@example.test' },
    { first: 'Ben', last: 'Côté', email: 'ben.cote@example.test' },
  ]);
  const [benRow] = await t.database.db.select().from(participants).where(eq(participants.id, ben));
  await t.database.db.update(persons).set({ language: 'en' }).where(eq(persons.id, benRow.personId));
  const activity = await buildActivity(camille, projectId, { maxMembers: 2 });
  const other = await buildActivity(camille, projectId);
  const category = await camille.post(`/api/projects/${projectId}/group-categories`, {
    name: { fr: 'Secteurs', en: 'Sectors' },
  });
  const group = await camille.post(`/api/projects/${projectId}/groups`, {
    categoryId: category.body.id,
    name: { fr: 'Agroalimentaire', en: 'Food' },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  w = {
    projectId,
    activityId: activity.id as string,
    otherActivityId: other.id as string,
    groupId: group.body.id,
    ana,
    ben,
    roleId: benRow.roleId,
  };
});

describe('automatic notifications: list, get, create, update, delete', () => {
  it('creates one, lists it with its target’s name, reads it, switches it off, changes it and deletes it', async () => {
    const created = await camille.post(url(), {
      ...welcome,
      trigger: 'activity',
      activityId: w.otherActivityId,
      groupId: w.groupId,
      direction: 'in',
      body: { fr: `${welcome.body.fr}<script>alert(1)</script>`, en: welcome.body.en },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      trigger: 'activity',
      activityId: w.otherActivityId,
      groupId: null,
      direction: 'in',
      active: true,
      subject: welcome.subject,
    });
    // Sanitised as every rich text, merge tags kept.
    expect(created.body.body.fr).not.toContain('script');
    expect(created.body.body.fr).toContain('data-merge-tag="firstName"');

    const list = await camille.get(url('?q=bienvenue'));
    expect(list.status).toBe(200);
    const row = list.body.items.find((n: { id: string }) => n.id === created.body.id);
    expect(row.targetName.fr).toMatch(/^Atelier /);
    expect(row.targetName.en).toMatch(/^Workshop /);
    expect(row).not.toHaveProperty('body');

    const id = created.body.id;
    expect((await camille.get(url(`/${id}`))).body.body.en).toBe(welcome.body.en);
    const off = await camille.put(url(`/${id}/active`), { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    const changed = await camille.put(url(`/${id}`), {
      trigger: 'group',
      groupId: w.groupId,
      direction: 'out',
      subject: { fr: 'Au revoir', en: '' },
      body: { fr: '<p>À bientôt</p>', en: '' },
      active: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      trigger: 'group',
      activityId: null,
      groupId: w.groupId,
      direction: 'out',
      targetName: { fr: 'Agroalimentaire', en: 'Food' },
    });

    expect((await camille.delete(url(`/${id}`))).status).toBe(200);
    expect((await camille.get(url(`/${id}`))).status).toBe(404);
  });

  it('refuses a target of another project, naming the field, and a malformed id', async () => {
    const elsewhere = await buildProject(camille);
    const foreignActivity = await buildActivity(camille, elsewhere.id as string);
    const wrongActivity = await camille.post(url(), {
      ...welcome,
      trigger: 'activity',
      activityId: foreignActivity.id,
      direction: 'in',
    });
    expect(wrongActivity.status).toBe(400);
    expect(wrongActivity.body.fields).toEqual([
      expect.objectContaining({ field: 'activityId', code: 'validation.notifications.unknownActivity' }),
    ]);
    const wrongGroup = await camille.post(url(), {
      ...welcome,
      trigger: 'group',
      groupId: w.activityId,
      direction: 'in',
    });
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.fields[0]).toMatchObject({ field: 'groupId' });
    expect(wrongGroup.body.fields[0].message).toBeTruthy();

    const malformed = await camille.post(url(), {
      ...welcome,
      trigger: 'group',
      groupId: 'nope',
      direction: 'in',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual([
      expect.objectContaining({ field: 'groupId', code: 'validation.id' }),
    ]);
    expect((await camille.get(`/api/projects/${w.projectId}/notifications/nope`)).status).toBe(400);
  });

  it('refuses a missing target, a subject or body empty in both languages, a subject over 200 characters', async () => {
    const missing = await camille.post(url(), { ...welcome, trigger: 'activity', direction: 'in' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({
      field: 'activityId',
      code: 'validation.notifications.activityRequired',
    });
    const empty = await camille.post(url(), {
      trigger: 'group',
      groupId: w.groupId,
      direction: 'out',
      subject: { fr: '<b></b>', en: ' ' },
      body: { fr: '<p></p>', en: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body.fr',
      'subject.fr',
    ]);
    const long = await camille.post(url(), {
      ...welcome,
      trigger: 'group',
      groupId: w.groupId,
      direction: 'in',
      subject: { fr: 'x'.repeat(201), en: '' },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields[0]).toMatchObject({ field: 'subject.fr', code: 'validation.tooLong' });
    const badDirection = await camille.post(url(), {
      ...welcome,
      trigger: 'group',
      groupId: w.groupId,
      direction: 'up',
    });
    expect(badDirection.status).toBe(400);
    expect(badDirection.body.fields[0].field).toBe('direction');
    // A merge tag that does not exist, in the body or the subject: named, translated, nothing saved.
    const target = { trigger: 'group', groupId: w.groupId, direction: 'in' };
    const before = (await camille.get(url())).body.total;
    const unknownInBody = await camille.post(url(), {
      ...welcome,
      ...target,
      body: { fr: '<p>Bonjour {{forum}}</p>', en: '<p>Hi</p>' },
    });
    expect(unknownInBody.status).toBe(400);
    expect(unknownInBody.body.fields[0]).toMatchObject({
      field: 'body.fr',
      message: 'Balise de fusion inconnue : forum.',
    });
    const unknownInSubject = await camille.post(url(), {
      ...welcome,
      ...target,
      subject: { fr: 'Bonjour', en: 'Hello {{nosuchtag}}' },
    });
    expect(unknownInSubject.status).toBe(400);
    expect(unknownInSubject.body.fields[0]).toMatchObject({
      field: 'subject.en',
      message: 'Balise de fusion inconnue : nosuchtag.',
    });
    expect((await camille.get(url())).body.total).toBe(before);
  });

  it('keeps another company out (404)', async () => {
    const { id } = await createNotification({ trigger: 'group', groupId: w.groupId, active: false });
    expect((await jordan.get(url())).status).toBe(404);
    expect((await jordan.get(url(`/${id}`))).status).toBe(404);
    expect((await jordan.delete(url(`/${id}`))).status).toBe(404);
    expect((await jordan.put(url(`/${id}/active`), { active: true })).status).toBe(404);
    expect((await camille.delete(url(`/${id}`))).status).toBe(200);
  });
});

describe('automatic notifications: what fires them', () => {
  it('adding to an activity queues one message per participant, in their language, merge tags rendered', async () => {
    const { id } = await createNotification({ trigger: 'activity', activityId: w.activityId });
    const added = await queuedBy(async () => {
      const response = await camille.post(membersUrl(), { mode: 'ids', participantIds: [w.ana, w.ben] });
      expect(response.body).toMatchObject({ added: 2 });
    });
    expect(added).toHaveLength(2);
    const toAna = added.find((m) => m.participantId === w.ana);
    const toBen = added.find((m) => m.participantId === w.ben);
    expect(toAna).toMatchObject({
      toEmail: 'ana.roy@example.test',
      language: 'fr',
      subject: 'Bienvenue à l’atelier',
    });
    expect(toAna?.html).toContain('Bonjour Ana, bienvenue à Salon des Érables.');
    expect(toAna?.text).toContain('Bonjour Ana, bienvenue à Salon des Érables.');
    expect(toBen).toMatchObject({ language: 'en', subject: 'Welcome to the workshop' });
    expect(toBen?.html).toContain('Hello Ben, welcome to Maple Fair.');
    expect(toBen?.html).not.toContain('data-merge-tag');
    // Delivered after the commit: without SMTP the message is kept, readable in the outbox.
    expect(toAna?.status).toBe('kept');

    // Adding someone already a member sends nothing.
    const again = await queuedBy(() => camille.post(membersUrl(), { mode: 'ids', participantIds: [w.ana] }));
    expect(again).toEqual([]);
    await camille.delete(url(`/${id}`));
  });

  it('removing queues the `out` message only; an inactive notification sends nothing', async () => {
    const out = await createNotification({
      trigger: 'activity',
      activityId: w.activityId,
      direction: 'out',
      subject: { fr: 'Désinscription', en: 'Unregistered' },
    });
    const inactive = await createNotification({
      trigger: 'activity',
      activityId: w.activityId,
      direction: 'out',
      active: false,
      subject: { fr: 'Jamais', en: 'Never' },
    });
    const inNotification = await createNotification({ trigger: 'activity', activityId: w.activityId });
    const removed = await queuedBy(() =>
      camille.post(`${membersUrl()}/remove`, { mode: 'ids', participantIds: [w.ben] }),
    );
    expect(removed.map((m) => [m.participantId, m.subject])).toEqual([[w.ben, 'Unregistered']]);
    // Removing someone who is not a member sends nothing.
    expect(
      await queuedBy(() => camille.post(`${membersUrl()}/remove`, { mode: 'ids', participantIds: [w.ben] })),
    ).toEqual([]);
    for (const n of [out, inactive, inNotification]) await camille.delete(url(`/${n.id}`));
  });

  it('a change refused and rolled back (the activity is full) sends nothing', async () => {
    await createNotification({ trigger: 'activity', activityId: w.activityId });
    // Ana is in, Ben is out: the maximum is 2, and 2 more would be 3.
    const [carl] = await insertParticipants(t.database.db, w.projectId, [{ first: 'Carl', last: 'Roy' }], {
      fr: 'Exposant',
      en: 'Exhibitor',
    });
    const refused = await queuedBy(async () => {
      const response = await camille.post(membersUrl(), { mode: 'ids', participantIds: [w.ben, carl] });
      expect(response.status).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it('a transaction that fails after the trigger leaves nothing in the outbox', async () => {
    const { id } = await createNotification({ trigger: 'activity', activityId: w.otherActivityId });
    const [{ companyId }] = await t.database.db
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, w.projectId));
    const failed = await queuedBy(async () => {
      await expect(
        t.deps.db.transaction(async (tx) => {
          const queued = await notifyMembership(t.deps, tx, {
            companyId,
            projectId: w.projectId,
            kind: 'activity',
            targetId: w.otherActivityId,
            direction: 'in',
            participantIds: [w.ana],
          });
          expect(queued).toBe(1);
          throw new Error('the membership change fails');
        }),
      ).rejects.toThrow('the membership change fails');
    });
    expect(failed).toEqual([]);
    await camille.delete(url(`/${id}`));
  });

  it('groups: joining and leaving through the group, the participant list and the participant form', async () => {
    await createNotification({
      trigger: 'group',
      groupId: w.groupId,
      subject: { fr: 'Groupe rejoint', en: 'Group joined' },
    });
    await createNotification({
      trigger: 'group',
      groupId: w.groupId,
      direction: 'out',
      subject: { fr: 'Groupe quitté', en: 'Group left' },
    });
    const joined = await queuedBy(() => camille.post(groupMembersUrl(), { participantIds: [w.ana] }));
    expect(joined.map((m) => [m.participantId, m.subject])).toEqual([[w.ana, 'Groupe rejoint']]);
    expect(await queuedBy(() => camille.post(groupMembersUrl(), { participantIds: [w.ana] }))).toEqual([]);

    const left = await queuedBy(() => camille.delete(`${groupMembersUrl()}/${w.ana}`));
    expect(left.map((m) => [m.participantId, m.subject])).toEqual([[w.ana, 'Groupe quitté']]);

    // The participant list's bulk action.
    const bulk = await queuedBy(() =>
      camille.post(`/api/projects/${w.projectId}/participants/add-to-group`, {
        ids: [w.ana, w.ben],
        groupId: w.groupId,
      }),
    );
    expect(bulk.map((m) => m.subject).sort()).toEqual(['Group joined', 'Groupe rejoint']);

    // The participant form: a new participant in the group, then saved without it.
    let dana = '';
    const created = await queuedBy(async () => {
      const response = await camille.post(`/api/projects/${w.projectId}/participants`, {
        roleId: w.roleId,
        firstName: 'Dana',
        lastName: 'Lee',
        email: 'dana.lee@example.test',
        language: 'en',
        groupIds: [w.groupId],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      dana = response.body.id;
    });
    expect(created.map((m) => [m.participantId, m.subject, m.toEmail])).toEqual([
      [dana, 'Group joined', 'dana.lee@example.test'],
    ]);
    const saved = await queuedBy(async () => {
      const response = await camille.put(`/api/projects/${w.projectId}/participants/${dana}`, {
        roleId: w.roleId,
        firstName: 'Dana',
        lastName: 'Lee',
        email: 'dana.lee@example.test',
        language: 'en',
        groupIds: [],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    });
    expect(saved.map((m) => [m.participantId, m.subject])).toEqual([[dana, 'Group left']]);
  });
});

describe('automatic notifications: the other ways in', () => {
  /** A multipart POST of one file, as the browser sends it. */
  async function upload(path: string, content: string) {
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(content)]), 'liste.csv');
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      payload: form,
      cookies: { ...camille.cookies },
      headers: { 'x-csrf-token': camille.csrfToken },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('every match of a search, and a file of e-mails, for an activity and for a group', async () => {
    const [eve, finn] = await insertParticipants(
      t.database.db,
      w.projectId,
      [
        { first: 'Eve', last: 'Zorn', email: 'eve.zorn@example.test' },
        { first: 'Finn', last: 'Zorn', email: 'finn.zorn@example.test' },
      ],
      { fr: 'Conférencier', en: 'Speaker' },
    );
    const { id } = await createNotification({
      trigger: 'activity',
      activityId: w.otherActivityId,
      subject: { fr: 'Inscrit', en: 'Registered' },
    });
    const matching = await queuedBy(() =>
      camille.post(membersUrl(w.otherActivityId), { mode: 'matching', q: 'eve.zorn' }),
    );
    expect(matching.map((m) => [m.participantId, m.subject])).toEqual([[eve, 'Inscrit']]);
    const imported = await queuedBy(() =>
      upload(
        `${membersUrl(w.otherActivityId)}/import`,
        'courriel\neve.zorn@example.test\nfinn.zorn@example.test\n',
      ),
    );
    expect(imported.map((m) => [m.participantId, m.subject])).toEqual([[finn, 'Inscrit']]);
    await camille.delete(url(`/${id}`));

    // The group's `in` notification of the test above is still there.
    const joined = await queuedBy(() => upload(`${groupMembersUrl()}/import`, 'finn.zorn@example.test\n'));
    expect(joined.map((m) => [m.participantId, m.subject])).toEqual([[finn, 'Groupe rejoint']]);
  });

  it('the participant import: a row that puts someone in the group', async () => {
    const csv =
      'Courriel;Prénom;Nom;Rôle;Groupes\ngina.zorn@example.test;Gina;Zorn;Visiteur;Agroalimentaire\n';
    const imported = await queuedBy(async () => {
      const uploaded = await steps.upload(camille, w.projectId, csv, 'participants.csv');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const analysed = await steps.dryRun(camille, w.projectId, uploaded.body.id);
      expect(analysed.body.summary, JSON.stringify(analysed.body.rows)).toMatchObject({ create: 1, skip: 0 });
      expect((await steps.saveImport(camille, w.projectId, uploaded.body.id)).body.status).toBe('done');
    });
    expect(imported.map((m) => [m.toEmail, m.subject])).toEqual([
      ['gina.zorn@example.test', 'Groupe rejoint'],
    ]);
  });
});

describe('the demo’s automatic notification', () => {
  it('welcomes a participant added to the opening; seeding the demo queued no notification', async () => {
    const [{ demo }] = await t.database.db
      .select({ demo: mailNotifications })
      .from(mailNotifications)
      .innerJoin(activities, eq(activities.id, mailNotifications.activityId))
      .where(eq(activities.titleFr, DEMO_NOTIFIED_ACTIVITY));
    expect(demo).toMatchObject({ trigger: 'activity', direction: 'in', active: true });
    const seeded = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.projectId, demo.projectId), eq(mailMessages.kind, 'notification')));
    expect(seeded).toEqual([]);

    const list = await camille.get(`/api/projects/${demo.projectId}/notifications`);
    expect(list.body.items.map((n: { targetName: { fr: string } }) => n.targetName.fr)).toEqual([
      DEMO_NOTIFIED_ACTIVITY,
    ]);
    // Someone of the demo leaves the opening (no `out` notification there), then comes back.
    const [member] = await t.database.db
      .select({ id: activityMembers.participantId })
      .from(activityMembers)
      .where(eq(activityMembers.activityId, demo.activityId as string))
      .limit(1);
    const newcomer = member;
    const membersUrl = `/api/projects/${demo.projectId}/activities/${demo.activityId}/members`;
    expect(
      (await camille.post(`${membersUrl}/remove`, { mode: 'ids', participantIds: [member.id] })).body,
    ).toMatchObject({
      removed: 1,
    });
    const response = await camille.post(membersUrl, { mode: 'ids', participantIds: [newcomer.id] });
    expect(response.status).toBe(200);
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.participantId, newcomer.id), eq(mailMessages.kind, 'notification')));
    expect(message.subject).toMatch(
      /^(Votre place à l’ouverture est réservée|Your seat at the opening is booked)$/,
    );
    expect(message.html).toMatch(/Journée B2B Montréal 2026|Montréal B2B Day 2026/);
    expect(message.html).not.toContain('data-merge-tag');
  });
});
