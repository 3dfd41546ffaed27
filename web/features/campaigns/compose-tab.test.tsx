import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/support/render';
import { ComposeTab } from './compose-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const PARTICIPANT = '00000000-0000-4000-8000-0000000000a1';
const CAMPAIGN = '00000000-0000-4000-8000-0000000000c1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** What the fake server answers to the writes, by path (the reads are the same in every test). */
let writes: Record<string, () => Response | Promise<Response>>;
let calls: Call[];

const list = (items: unknown[]) => ({ items, page: 1, pageSize: 25, total: items.length });
const base = `/api/projects/${PROJECT}`;
const READS: Record<string, unknown> = {
  [base]: { id: PROJECT, timeZone: 'America/Toronto' },
  [`${base}/groups`]: { categories: [] },
  [`${base}/activities`]: list([]),
  [`${base}/participants`]: list([
    { id: PARTICIPANT, firstName: 'Camille', lastName: 'Roy', email: 'camille.roy@exemple.ca' },
  ]),
};

const created = (plannedAtLocal: string | null) => ({
  id: CAMPAIGN,
  status: plannedAtLocal ? 'planned' : 'sending',
  plannedAtLocal,
});

// What ProseMirror measures and jsdom does not have (the body's editor).
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  document.elementFromPoint = () => null;
});

beforeEach(() => {
  calls = [];
  writes = {
    [`${base}/campaigns/recipients/count`]: () => json(200, { recipients: 1234, unsubscribed: 3 }),
    [`${base}/campaigns/test`]: () => json(200, { to: 'organisatrice@maillage.test' }),
    [`${base}/campaigns`]: () => json(200, created(null)),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input).split('?')[0];
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        if (path in READS) return json(200, READS[path]);
        throw new Error(`unexpected read ${path}`);
      }
      calls.push({ method, path, body: JSON.parse(String(init.body ?? '{}')) });
      const answer = writes[path];
      if (!answer) throw new Error(`unexpected write ${path}`);
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function open(language: 'fr' | 'en') {
  const onSent = vi.fn();
  const user = userEvent.setup();
  await renderRoute(() => <ComposeTab projectId={PROJECT} onSent={onSent} />, {
    language,
    path: '/projects/$projectId/mail',
    params: { projectId: PROJECT },
  });
  return { user, onSent };
}

const sent = (path: string) => calls.filter((c) => c.path === `${base}${path}`);
const subject = (language: 'fr' | 'en') =>
  (screen.getByTestId(`subject-${language}`) as HTMLInputElement).value;

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('compose: message types (C1)', () => {
  it('fills in both languages from a preset, checks its criteria, and asks before replacing written text', async () => {
    const { user } = await open('fr');
    await chooseType(user, 'Type de message', 'Tables de réseautage');
    await waitFor(() => expect(subject('fr')).toBe('Vos tables de réseautage'));
    expect(subject('en')).toBe('Your networking tables');
    expect(screen.getByTestId('body-preview-fr').textContent).toContain('Voici vos places pour les rondes');
    expect(screen.getByTestId('body-preview-en').innerHTML).toContain('data-merge-tag="networking"');
    expect(screen.getByRole('checkbox', { name: 'Placés à une table de réseautage' })).toHaveProperty(
      'checked',
      true,
    );

    // Text is written: another preset asks first; « Annuler » keeps everything as it was.
    await chooseType(user, 'Type de message', 'Rappel du questionnaire');
    const ask = await screen.findByRole('dialog', { name: 'Remplacer le texte?' });
    within(ask).getByText(
      'Le sujet ou le message contient déjà du texte. Le remplacer par celui du type « Rappel du questionnaire »?',
    );
    await user.click(within(ask).getByRole('button', { name: 'Annuler' }));
    expect(subject('fr')).toBe('Vos tables de réseautage');

    await chooseType(user, 'Type de message', 'Rappel du questionnaire');
    await user.click(await screen.findByRole('button', { name: 'Remplacer' }));
    await waitFor(() => expect(subject('fr')).toBe('Rappel : votre questionnaire à remplir'));
    expect(screen.getByTestId('body-preview-fr').innerHTML).toContain('data-merge-tag="surveyLink"');
    expect(
      screen.getByRole('checkbox', { name: 'N’ayant répondu à aucune question du questionnaire' }),
    ).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Placés à une table de réseautage' })).toHaveProperty(
      'checked',
      false,
    );

    // « Personnalisé » keeps the texts and clears the criteria.
    await chooseType(user, 'Type de message', 'Personnalisé');
    expect(subject('en')).toBe('Reminder: your questionnaire to fill in');
    expect(
      screen.getByRole('checkbox', { name: 'N’ayant répondu à aucune question du questionnaire' }),
    ).toHaveProperty('checked', false);
  }, 30_000);

  it('gives an English reader the same presets in both languages', async () => {
    const { user } = await open('en');
    await chooseType(user, 'Message type', 'B2B meeting schedule');
    await waitFor(() => expect(subject('en')).toBe('Your business meeting schedule'));
    expect(subject('fr')).toBe('Votre horaire de rencontres d’affaires');
    expect(screen.getByRole('checkbox', { name: 'With at least one B2B meeting' })).toHaveProperty(
      'checked',
      true,
    );
  }, 30_000);
});

describe('compose: sending (C1)', () => {
  it('refuses to send or test while a text editor is open', async () => {
    const { user } = await open('fr');
    await user.click(screen.getByRole('button', { name: 'Modifier le message (Français)' }));
    await screen.findByTestId('body-editor-fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByText('Attention! Un texte n’est pas enregistré, envoi impossible');
    await user.click(screen.getByRole('button', { name: 'Envoyer un test' }));
    expect(calls).toEqual([]);

    // Once closed, the send goes on to its confirmation.
    await user.click(within(screen.getByTestId('body-editor-fr')).getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByRole('dialog', { name: 'Envoyer ce courriel?' });
    expect(sent('/campaigns/recipients/count')).toHaveLength(1);
  }, 30_000);

  it('refuses in English too', async () => {
    const { user } = await open('en');
    await user.click(screen.getByRole('button', { name: 'Edit the message (English)' }));
    await screen.findByTestId('body-editor-en');
    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    await screen.findByText('Warning! A text is not saved, cannot send');
    expect(calls).toEqual([]);
  }, 30_000);

  it('sends a test, rendered for the chosen participant, and says where it went', async () => {
    const { user } = await open('fr');
    await user.type(screen.getByTestId('subject-fr'), 'Bienvenue');
    await user.click(screen.getByRole('button', { name: 'Envoyer un test' }));
    await screen.findByText('Choisissez le participant pour qui rendre le courriel test.');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Rendu pour le participant' }));
    await user.click(await screen.findByRole('option', { name: 'Camille Roy · camille.roy@exemple.ca' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer un test' }));
    await screen.findByText('Votre courriel test a été envoyé avec succès');
    screen.getByText('Envoyé à organisatrice@maillage.test.');
    expect(sent('/campaigns/test')[0].body).toEqual({
      subject: { fr: 'Bienvenue', en: '' },
      body: { fr: '', en: '' },
      participantId: PARTICIPANT,
    });
  }, 30_000);

  it('confirms with the number of recipients, keeps the button disabled while sending, and opens the log', async () => {
    let release: () => void = () => {};
    writes[`${base}/campaigns`] = () =>
      new Promise((resolve) => {
        release = () => resolve(json(200, created(null)));
      });
    const { user, onSent } = await open('fr');
    const send = screen.getByRole('button', { name: 'Envoyer' });
    await user.type(screen.getByTestId('subject-fr'), 'Programme');
    await user.click(send);
    const confirm = await screen.findByRole('dialog', { name: 'Envoyer ce courriel?' });
    expect(within(confirm).getByTestId('send-count').textContent).toBe(
      '1\u00a0234 destinataires recevront ce courriel.',
    );
    within(confirm).getByText('3 personnes désabonnées ne le recevront pas.');
    expect(send).toHaveProperty('disabled', true);

    // Cancelled: nothing sent, the button back.
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    expect(sent('/campaigns')).toEqual([]);

    await user.click(send);
    const again = await screen.findByRole('dialog', { name: 'Envoyer ce courriel?' });
    await user.click(within(again).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent('/campaigns')).toHaveLength(1));
    expect(send).toHaveProperty('disabled', true);
    expect(sent('/campaigns')[0].body).toMatchObject({
      messageType: 0,
      audience: {
        activityId: null,
        notSubscribed: false,
        groupId: null,
        groupInverse: false,
        criteria: [],
        buyers: false,
        paymentId: null,
      },
      transactional: false,
      subject: { fr: 'Programme', en: '' },
      plannedAt: null,
    });
    await act(async () => release());
    await screen.findByText('Vos courriels ont été envoyés avec succès');
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(CAMPAIGN));
  }, 30_000);

  it('says in English how many people, and that unsubscribed ones get a transactional message', async () => {
    writes[`${base}/campaigns/recipients/count`] = () => json(200, { recipients: 1, unsubscribed: 1 });
    const { user } = await open('en');
    await user.click(screen.getByRole('checkbox', { name: /^Transactional message/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    expect(within(confirm).getByTestId('send-count').textContent).toBe(
      '1 recipient will receive this e-mail.',
    );
    within(confirm).getByText('Transactional message: 1 person who unsubscribed will receive it too.');
    expect(sent('/campaigns/recipients/count')[0].body).toMatchObject({ transactional: true });
  }, 30_000);
});

describe('compose: planned send (C2) and the server’s refusals', () => {
  it('alerts that an unreadable planned date is dropped, and sends now', async () => {
    const { user } = await open('fr');
    await user.click(screen.getByRole('checkbox', { name: 'Planifier l’envoi' }));
    screen.getByText('Heure du fuseau du projet : America/Toronto');
    await user.click(screen.getByRole('button', { name: 'Planifier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Envoyer ce courriel?' });
    expect(within(confirm).getByRole('alert').textContent).toBe(
      'Date d’envoi planifié illisible : le courriel part maintenant.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent('/campaigns')).toHaveLength(1));
    expect(sent('/campaigns')[0].body).toMatchObject({ plannedAt: null });
  }, 30_000);

  it('shows the server’s field errors under their fields (English)', async () => {
    writes[`${base}/campaigns`] = () =>
      json(400, {
        status: 400,
        code: 'validation',
        title: 'Some fields are invalid.',
        requestId: 'r1',
        fields: [
          { field: 'subject.en', message: 'At most 200 characters.' },
          { field: 'body.fr', message: 'Unknown merge tag: forum.' },
        ],
      });
    const { user } = await open('en');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send this e-mail?' })).getByRole('button', {
        name: 'Send',
      }),
    );
    await screen.findByText('At most 200 characters.');
    expect(screen.getByTestId('subject-en').getAttribute('aria-invalid')).toBe('true');
    within(screen.getByTestId('body-fr')).getByText('Unknown merge tag: forum.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  }, 30_000);
});
