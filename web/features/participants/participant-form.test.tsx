import { useNavigate } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../contracts/http';
import type { Participant, ParticipantFormOptions } from '../../../contracts/participants';
import { STANDARD_FIELD_KEYS } from '../../../contracts/profile-fields';
import { makeTestQueryClient, renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { participantKeys } from './api';
import { InfoWindowProvider, useInfoWindow } from './info-window';
import { ParticipantCreateModal } from './participant-create-modal';
import { ParticipantEditPanel } from './participant-edit-panel';
import { ParticipantInfoWindow } from './participant-info-window';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const BUYER = '00000000-0000-4000-8000-0000000000b1';
const VISITOR = '00000000-0000-4000-8000-0000000000b2';
const ALEX = '00000000-0000-4000-8000-0000000000a1';

/** The form options of a project whose default role is Visitor, default language English, some switches off. */
function options(overrides: Partial<ParticipantFormOptions> = {}): ParticipantFormOptions {
  return {
    roles: [
      { id: BUYER, name: { fr: 'Acheteur', en: 'Buyer' } },
      { id: VISITOR, name: { fr: 'Visiteur', en: 'Visitor' } },
    ],
    defaultRoleId: VISITOR,
    defaultLanguage: 'en',
    groups: [],
    profileFields: [],
    standardFields: STANDARD_FIELD_KEYS.map((key) => ({
      key,
      isActive: key !== 'phonePro',
      isMandatory: false,
      isShownOnView: key !== 'organisation',
    })),
    requiredFields: [],
    ...overrides,
  };
}

function renderModal(language: Language, formOptions = options()) {
  return renderRoute(
    () => <ParticipantCreateModal projectId={PROJECT} options={formOptions} onClose={() => {}} />,
    { language, path: '/projects/$projectId/participants', params: { projectId: PROJECT } },
  );
}

afterEach(cleanup);

/** The add modal (named by its title; the phone fields' country lists are dialogs too). */
function modal() {
  return screen.findByRole('dialog', { name: i18n.t('participants.addTitle') });
}

/** The input labelled exactly so (a required field's label ends with its mark). */
function input(dialog: HTMLElement, label: string) {
  return within(dialog)
    .getAllByLabelText(new RegExp(`^${label}\\s*\\*?$`))
    .find((node) => node.tagName === 'INPUT') as HTMLInputElement;
}

const LABELS = {
  fr: {
    role: 'Rôle',
    language: 'Langue',
    phonePro: 'Téléphone professionnel',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    email: 'Courriel',
    organisation: 'Organisation',
    create: 'Créer',
    invalid: 'Certains champs sont invalides',
    required: 'Un champ obligatoire est vide',
    visitor: 'Visiteur',
    english: 'English',
  },
  en: {
    role: 'Role',
    language: 'Language',
    phonePro: 'Work phone',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    organisation: 'Organisation',
    create: 'Create',
    invalid: 'Some fields are invalid',
    required: 'A required field is empty',
    visitor: 'Visitor',
    english: 'English',
  },
} as const;

describe.each(['fr', 'en'] as const)('the add modal (%s)', (language) => {
  const l = LABELS[language];

  it('starts with the project’s default role and language, and shows only the active fields', async () => {
    await renderModal(language);
    const dialog = await modal();
    expect(input(dialog, l.role).value).toBe(l.visitor);
    expect(input(dialog, l.language).value).toBe(l.english);
    // « Téléphone professionnel » is switched inactive on the profile fields page.
    expect(within(dialog).queryByText(l.phonePro)).toBeNull();
    expect(within(dialog).getByText(l.organisation)).toBeTruthy();
  });

  it('says which kind of error stopped the save and focuses the first field in error', async () => {
    const user = userEvent.setup();
    await renderModal(language);
    const dialog = await modal();
    await user.type(input(dialog, l.firstName), 'Alex');
    await user.type(input(dialog, l.lastName), 'Tremblay');
    await user.type(input(dialog, l.email), 'alex@example.test');
    const organisation = input(dialog, l.organisation);
    await user.click(organisation);
    await user.paste('x'.repeat(300));
    // Focus elsewhere first: the refused save must bring it back to the field in error.
    await user.click(input(dialog, l.firstName));
    await user.click(within(dialog).getByRole('button', { name: l.create }));

    expect(await screen.findByText(l.invalid)).toBeTruthy();
    expect(screen.queryByText(l.required)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(organisation));
  });

  it('keeps the required-field notice for an empty field, and focuses it', async () => {
    const user = userEvent.setup();
    await renderModal(language);
    const dialog = await modal();
    await user.click(within(dialog).getByRole('button', { name: l.create }));
    expect(await screen.findByText(l.required)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input(dialog, l.firstName)));
  });

  it('starts with an empty role when the project has no default role', async () => {
    await renderModal(language, options({ defaultRoleId: null }));
    const dialog = await modal();
    expect(input(dialog, l.role).value).toBe('');
  });
});

const alex: Participant = {
  id: ALEX,
  personId: '00000000-0000-4000-8000-0000000000c1',
  firstName: 'Alex',
  lastName: 'Tremblay-Bélanger-Côté-Gagnon-Roy-Bouchard-Gauthier-Morin-Lavoie-Fortin',
  email: 'alex@example.test',
  organisation: 'Boréal inc.',
  role: { id: BUYER, name: { fr: 'Acheteur', en: 'Buyer' } },
  groups: [],
  status: 'registered',
  createdAt: '2026-01-01T00:00:00.000Z',
  jobTitle: null,
  phone: '+15145551234',
  phonePro: '+15145552222;ext=22',
  language: 'fr',
  profile: {},
  inscriptionSentAt: null,
  pictureFileId: null,
  cv: null,
  videoUrl: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function OpenOnMount() {
  const { openId, open } = useInfoWindow();
  if (!openId) open(ALEX);
  return null;
}

describe.each([
  ['fr', 'Téléphone', '+1 514 555 1234', 'Téléphone professionnel', '+1 514 555 2222 poste 22'],
  ['en', 'Phone', '+1 514 555 1234', 'Work phone', '+1 514 555 2222 ext. 22'],
] as const)('the info window (%s)', (language, phoneLabel, phone, phoneProLabel, phonePro) => {
  it('shows only the fields shown on view, phones formatted for reading', async () => {
    const queryClient = makeTestQueryClient();
    queryClient.setQueryData(participantKeys.one(PROJECT, ALEX), alex);
    queryClient.setQueryData(participantKeys.emails(PROJECT, ALEX), { items: [] });
    const formOptions = options({
      standardFields: STANDARD_FIELD_KEYS.map((key) => ({
        key,
        isActive: true,
        isMandatory: false,
        isShownOnView: key !== 'organisation',
      })),
    });
    await renderRoute(
      () => (
        <InfoWindowProvider>
          <OpenOnMount />
          <ParticipantInfoWindow projectId={PROJECT} options={formOptions} />
        </InfoWindowProvider>
      ),
      { language, queryClient },
    );
    const window = await screen.findByTestId('participant-info');
    expect(within(window).getByText(phoneLabel)).toBeTruthy();
    expect(within(window).getByText(phone)).toBeTruthy();
    expect(within(window).getByText(phoneProLabel)).toBeTruthy();
    expect(within(window).getByText(phonePro)).toBeTruthy();
    // « Affiché sur la fiche » is off for Organisation.
    expect(within(window).queryByText('Boréal inc.')).toBeNull();
    // A long unbroken name wraps inside the window.
    const title = within(window).getByRole('heading', { level: 2 });
    expect(title.style.overflowWrap).toBe('anywhere');
  });
});

/** The edition panel, whose quitting goes back to the list searched for "tremblay" (as the participants page). */
function EditPanel() {
  const navigate = useNavigate();
  return (
    <ParticipantEditPanel
      projectId={PROJECT}
      participantId={ALEX}
      options={options()}
      onBack={() => void navigate({ to: '.', search: { q: 'tremblay' } } as never)}
    />
  );
}

async function renderPanel(language: Language) {
  const queryClient = makeTestQueryClient();
  queryClient.setQueryData(participantKeys.one(PROJECT, ALEX), alex);
  return renderRoute(EditPanel, {
    language,
    queryClient,
    path: '/projects/$projectId/participants',
    params: { projectId: PROJECT },
    search: { q: 'tremblay', participant: ALEX },
  });
}

describe.each(['fr', 'en'] as const)('the edition panel’s way back (%s)', (language) => {
  const l = LABELS[language];
  const back = () => screen.getByRole('link', { name: i18n.t('participants.back') });
  const panel = () => screen.findByTestId('participant-panel');
  const listed = (router: { state: { location: { search: object } } }) => router.state.location.search;

  it('is a link to the list, its search kept, which a plain click follows', async () => {
    const user = userEvent.setup();
    const { router } = await renderPanel(language);
    await panel();
    expect(back().getAttribute('href')).toBe(`/projects/${PROJECT}/participants?q=tremblay`);
    await user.click(back());
    await waitFor(() => expect(listed(router)).toEqual({ q: 'tremblay' }));
  });

  it('asks first when something was changed, and goes back once told to quit', async () => {
    const user = userEvent.setup();
    const { router } = await renderPanel(language);
    await user.type(input(await panel(), l.firstName), 'e');
    await user.click(back());
    const ask = await screen.findByRole('dialog', { name: i18n.t('unsaved.title') });
    expect(listed(router)).toEqual({ q: 'tremblay', participant: ALEX });
    await user.click(within(ask).getByRole('button', { name: i18n.t('unsaved.quit') }));
    await waitFor(() => expect(listed(router)).toEqual({ q: 'tremblay' }));
  });
});
