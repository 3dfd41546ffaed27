import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { setCsrfToken } from '../../lib/api';
import { ImageCropper, type ImageCropperProps } from './image-cropper';

/** What the server answers the upload; GET /api/session always gives a CSRF token. */
function stubServer(answer: () => Response) {
  const uploads: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith('/api/session'))
      return json(200, { user: null, csrfToken: 'csrf-token', session: null });
    uploads.push({ url, init });
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return uploads;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved = {
  id: '0f0e0d0c-aaaa-4bbb-8ccc-000000000001',
  url: '/files/0f0e0d0c-aaaa-4bbb-8ccc-000000000001',
  width: 400,
  height: 200,
};
const photo = () => new File([new Uint8Array([255, 216, 255, 224])], 'photo.jpg', { type: 'image/jpeg' });

/** Of the buttons of one name, the one that shows it as text. */
const textButton = (buttons: HTMLElement[]) => {
  const button = buttons.find((b) => b.textContent?.trim() && !b.getAttribute('aria-label'));
  if (!button) throw new Error('no text button of that name');
  return button;
};

function renderCropper(overrides: Partial<ImageCropperProps> = {}, language: 'fr' | 'en' = 'fr') {
  const props: ImageCropperProps = {
    opened: true,
    file: photo(),
    target: { width: 400, height: 200 },
    purpose: 'project.logo',
    projectId: '0f0e0d0c-aaaa-4bbb-8ccc-0000000000aa',
    onClose: vi.fn(),
    onSaved: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<ImageCropper {...props} />, { language });
  return props;
}

beforeEach(() => {
  // The token the session gave at sign-in; uploads send it like every other write.
  setCsrfToken('csrf-token');
  // jsdom has no object URLs; the cropper shows the chosen file through one.
  URL.createObjectURL = vi.fn(() => 'blob:chosen-file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ImageCropper (E8)', () => {
  it.each([
    [
      'fr',
      [
        'Dézoomer',
        'Zoomer',
        'Déplacer vers la gauche',
        'Déplacer vers la droite',
        'Déplacer vers le haut',
        'Déplacer vers le bas',
        'Pivoter de 5 degrés vers la gauche',
        'Pivoter de 5 degrés vers la droite',
      ],
      ['Fermer', 'Supprimer', 'Enregistrer'],
    ],
    [
      'en',
      [
        'Zoom out',
        'Zoom in',
        'Move left',
        'Move right',
        'Move up',
        'Move down',
        'Rotate 5 degrees left',
        'Rotate 5 degrees right',
      ],
      ['Close', 'Delete', 'Save'],
    ],
  ] as const)('shows eight round tools and three buttons, named in %s', async (language, tools, buttons) => {
    stubServer(() => json(200, saved));
    renderCropper({}, language);
    const dialog = await screen.findByRole('dialog');
    const toolbar = within(dialog).getByRole('toolbar');
    const toolButtons = within(toolbar).getAllByRole('button');
    expect(toolButtons.map((b) => b.getAttribute('aria-label'))).toEqual([...tools]);
    for (const name of buttons)
      expect(textButton(within(dialog).getAllByRole('button', { name }))).toBeTruthy();
    // The crop area is white; the image a block at most as wide as its box.
    const image = dialog.querySelector('img[src="blob:chosen-file"]') as HTMLImageElement;
    expect(image.style.display).toBe('block');
    expect(image.style.maxWidth).toBe('100%');
    expect(within(dialog).getByText(/400 × 200/)).toBeTruthy();
  });

  it('says the free height when the target has none', async () => {
    stubServer(() => json(200, saved));
    renderCropper({ target: { width: 650, height: 0 } });
    expect(await screen.findByText(/650 pixels, hauteur libre \(au moins 300 pixels\)/)).toBeTruthy();
  });

  it('image type 14: posts the file at once, without showing a cropper', async () => {
    const uploads = stubServer(() => json(200, saved));
    const props = renderCropper({ target: { width: 400, height: 200, imageType: 14 } });
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith(saved));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(uploads).toHaveLength(1);
    expect(uploads[0].url).toBe('/api/files/images');
    expect(uploads[0].init.method).toBe('POST');
    expect((uploads[0].init.headers as Record<string, string>)['x-csrf-token']).toBe('csrf-token');
    const form = uploads[0].init.body as FormData;
    expect(form.get('imageType')).toBe('14');
    expect(form.get('purpose')).toBe('project.logo');
    expect((form.get('file') as File).name).toBe('photo.jpg');
    expect(form.get('crop')).toBeNull();
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
  });

  it('saves: sends the target size, shows that it is saved, hands the image over and closes', async () => {
    const uploads = stubServer(() => json(200, saved));
    const props = renderCropper();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith(saved));
    expect(props.onClose).toHaveBeenCalled();
    expect(await screen.findByText('L’image est enregistrée.')).toBeTruthy();
    const form = uploads[0].init.body as FormData;
    expect([form.get('width'), form.get('height'), form.get('projectId')]).toEqual([
      '400',
      '200',
      '0f0e0d0c-aaaa-4bbb-8ccc-0000000000aa',
    ]);
  });

  it('shows the server’s message in red when the save fails, and removes it after 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const message = 'L’image est trop petite : il faut au moins 400 × 200 pixels.';
    stubServer(() =>
      json(400, {
        status: 400,
        code: 'validation',
        title: 'Certains champs sont invalides.',
        requestId: 'r-1',
        fields: [{ field: 'file', code: 'images.errors.tooSmall', message }],
      }),
    );
    const props = renderCropper();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.getAttribute('style')).toMatch(/red/);
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onSaved).not.toHaveBeenCalled();

    vi.advanceTimersByTime(4000);
    await Promise.resolve();
    expect(screen.queryByRole('alert')).not.toBeNull();
    vi.advanceTimersByTime(1100);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('closes on Fermer; Supprimer closes and asks its owner to delete', async () => {
    stubServer(() => json(200, saved));
    const props = renderCropper();
    const user = userEvent.setup();
    // The modal's corner button is named « Fermer » too; this is the text button of the cropper.
    await user.click(textButton(await screen.findAllByRole('button', { name: 'Fermer' })));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
    expect(props.onDelete).toHaveBeenCalledTimes(1);
  });
});
