import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ImageField } from './image-field';

const FILE_ID = '0f0e0d0c-aaaa-4bbb-8ccc-000000000001';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: { url: string; method: string }[];
beforeEach(() => {
  requests = [];
  URL.createObjectURL = vi.fn(() => 'blob:chosen-file');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/session'))
        return json(200, { user: null, csrfToken: 'csrf-token', session: null });
      requests.push({ url, method: init.method ?? 'GET' });
      return json(200, { ok: true });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImageField (E8)', () => {
  it('without an image, says so and gives the size it needs', () => {
    renderWithProviders(
      <ImageField
        label="Logo"
        purpose="company.logo"
        width={400}
        height={200}
        value={null}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Aucune image')).toBeTruthy();
    expect(screen.getByText('Taille requise : 400 × 200 pixels')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer l’image' })).toBeNull();
  });

  it('opens the cropper on the chosen file, from a file input that only offers images', async () => {
    const { container } = renderWithProviders(
      <ImageField
        label="Banner"
        purpose="project.banner"
        width={1200}
        height={300}
        value={null}
        onChange={vi.fn()}
      />,
      { language: 'en' },
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    await userEvent.upload(input, new File([new Uint8Array([1])], 'banner.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop the image' });
    expect(within(dialog).getByRole('toolbar', { name: 'Crop tools' })).toBeTruthy();
  });

  it('shows the current image and deletes it after a confirmation: the reference first, then the file', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ImageField
        label="Logo"
        purpose="company.logo"
        width={400}
        height={200}
        value={FILE_ID}
        onChange={onChange}
      />,
    );
    const image = screen.getByRole('img', { name: 'Image actuelle : Logo' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(`/files/${FILE_ID}`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer l’image' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer l’image' });
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(requests).toEqual([{ url: `/api/files/${FILE_ID}`, method: 'DELETE' }]));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(await screen.findByText('L’image est supprimée.')).toBeTruthy();
  });

  it('offers nothing to change when read-only', () => {
    renderWithProviders(
      <ImageField
        label="Logo"
        purpose="company.logo"
        width={400}
        height={0}
        value={null}
        onChange={vi.fn()}
        readOnly
      />,
    );
    expect(screen.getByText('Largeur requise : 400 pixels, hauteur libre')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
