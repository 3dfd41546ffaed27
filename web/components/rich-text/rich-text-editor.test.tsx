import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { setCsrfToken } from '../../lib/api';
import { RichTextEditor } from './rich-text-editor';
import { isServiceLink, isUsableEmbed, pastedParagraphs } from './rules';

// What ProseMirror measures and jsdom does not have.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  document.elementFromPoint = () => null;
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  const onChange = vi.fn();
  const onValidityChange = vi.fn();
  const view = renderWithProviders(
    <RichTextEditor value="" onChange={onChange} onValidityChange={onValidityChange} {...props} />,
  );
  const content = () => document.querySelector('.ProseMirror') as HTMLElement;
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0] as string | undefined;
  return { ...view, onChange, onValidityChange, content, lastHtml };
}

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, {
    clipboardData: {
      types: ['text/plain', 'text/html'],
      getData: (type: string) => (type === 'text/plain' ? text : '<b>bold</b> ignored'),
    },
  });
}

/** A fetch that answers each path with what the test says. */
function stubFetch(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0];
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = () => json({ user: null, csrfToken: 'token' });
// The token the session gave at sign-in; uploads send it like every other write.
setCsrfToken('token');

describe('the counter (E3)', () => {
  it('counts visible characters, turns red over the limit and tells the caller, then back', async () => {
    const { content, onValidityChange, onChange, rerender } = setup({ value: '<p>12345</p>', maxLength: 10 });
    const counter = screen.getByTestId('rich-text-counter');
    expect(counter.textContent).toContain('5 / 10');
    expect(counter.getAttribute('data-over')).toBe('false');
    expect(onValidityChange).toHaveBeenLastCalledWith(false);

    paste(content(), 'abcdefghij');
    await waitFor(() => expect(counter.textContent).toContain('15 / 10'));
    expect(counter.getAttribute('data-over')).toBe('true');
    expect(counter.style.color).toMatch(/red/);
    expect(onValidityChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('alert').textContent).toMatch(/10/);

    rerender(
      <RichTextEditor
        value="<p>court</p>"
        onChange={onChange}
        onValidityChange={onValidityChange}
        maxLength={10}
      />,
    );
    await waitFor(() => expect(counter.textContent).toContain('5 / 10'));
    expect(counter.getAttribute('data-over')).toBe('false');
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
  });

  it('takes 0 as 500000', () => {
    setup({ value: '<p>abc</p>', maxLength: 0 });
    expect(screen.getByTestId('rich-text-counter').textContent).toMatch(/3 \/ 500\s000/);
  });
});

describe('paste (E4)', () => {
  it('pastes plain text only, one paragraph per line', async () => {
    const { content, lastHtml } = setup();
    paste(content(), 'Première ligne\r\nDeuxième <b>ligne</b>\n\nTroisième');
    await waitFor(() => expect(lastHtml()).toBeDefined());
    expect(lastHtml()).toBe('<p>Première ligne</p><p>Deuxième &lt;b&gt;ligne&lt;/b&gt;</p><p>Troisième</p>');
  });

  it('splits lines on every kind of line break', () => {
    expect(pastedParagraphs('a\r\nb\rc\n\n  \nd')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('toolbars by editor type (E3)', () => {
  it('has no toolbar and a low minimum height for types 0 and 5', () => {
    for (const editorType of [0, 5] as const) {
      const { content, unmount } = setup({ editorType });
      expect(screen.queryByRole('button', { name: 'Gras' })).toBeNull();
      expect(content().style.minHeight).toBe('120px');
      unmount();
    }
  });

  it('has a minimal toolbar for type 2, with the tags of groups 1 to 4', () => {
    const { content } = setup({ editorType: 2 });
    expect(screen.getByRole('button', { name: 'Gras' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insérer une image' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Insérer une balise de fusion' })).toBeTruthy();
    expect(content().style.minHeight).toBe('300px');
  });

  it('has the full toolbar for type 1, without tags unless asked', () => {
    setup({ editorType: 1 });
    expect(screen.getByRole('button', { name: 'Insérer une image' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intégrer une vidéo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insérer une balise de fusion' })).toBeNull();
  });
});

describe('merge tags (E5)', () => {
  it('inserts a tag as a chip node', async () => {
    const user = userEvent.setup();
    const { lastHtml } = setup({ editorType: 4 });
    await user.click(screen.getByRole('button', { name: 'Insérer une balise de fusion' }));
    expect(await screen.findByText('Courriel du soutien')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Prénom' }));
    await waitFor(() =>
      expect(lastHtml()).toContain('<span data-merge-tag="firstName" class="merge-tag">Prénom</span>'),
    );
    expect(document.querySelector('.ProseMirror .merge-tag')?.textContent).toContain('Prénom');
  });

  it('offers the tags rendered for each recipient, among them the B2B meetings, and none of the parts the product does not have', async () => {
    const user = userEvent.setup();
    setup({ editorType: 4 });
    await user.click(screen.getByRole('button', { name: 'Insérer une balise de fusion' }));
    expect(await screen.findByRole('menuitem', { name: 'Rencontres d’affaires' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Réseautage' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Programme' })).toBeTruthy();
    for (const name of ['Forum', 'Sujets', 'Affichage', 'Participants']) {
      expect(screen.queryByRole('menuitem', { name })).toBeNull();
    }
  });

  it('offers a kiosk and a media tag per section when every tag is asked for, in English', async () => {
    const user = userEvent.setup();
    const sections = [
      { id: 'a1', rel: 'kiosks' as const, nameFr: 'Exposants', nameEn: 'Exhibitors' },
      { id: 'b2', rel: 'media' as const, nameFr: 'Balados', nameEn: 'Podcasts' },
    ];
    const { unmount } = renderWithProviders(
      <RichTextEditor value="" onChange={() => {}} editorType={1} tagGroups={[4]} sections={sections} />,
      { language: 'en' },
    );
    // By default they are not offered: nothing renders them.
    await user.click(screen.getByRole('button', { name: 'Insert a merge tag' }));
    expect(await screen.findByRole('menuitem', { name: 'Business meetings' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Kiosk: Exhibitors' })).toBeNull();
    unmount();

    renderWithProviders(
      <RichTextEditor
        value=""
        onChange={() => {}}
        editorType={1}
        tagGroups={[4]}
        sections={sections}
        allTags
      />,
      { language: 'en' },
    );
    await user.click(screen.getByRole('button', { name: 'Insert a merge tag' }));
    expect(await screen.findByRole('menuitem', { name: 'Kiosk: Exhibitors' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Media: Podcasts' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'First name' })).toBeNull();
  });
});

describe('video-service buttons (E6)', () => {
  it('accepts http://, https:// and this site only', () => {
    expect(isServiceLink('http://zoom.us/j/1', 'https://app.test')).toBe(true);
    expect(isServiceLink('https://zoom.us/j/1', 'https://app.test')).toBe(true);
    expect(isServiceLink('https://app.test/replay', 'https://app.test')).toBe(true);
    expect(isServiceLink('ftp://zoom.us', 'https://app.test')).toBe(false);
    expect(isServiceLink('javascript:alert(1)', 'https://app.test')).toBe(false);
    expect(isServiceLink('zoom.us/j/1', 'https://app.test')).toBe(false);
  });

  it('refuses an invalid link with the message and adds nothing; adds a valid one as a button', async () => {
    const user = userEvent.setup();
    const { onChange, lastHtml } = setup({ editorType: 1 });
    await user.click(screen.getByRole('button', { name: 'Bouton vers un service vidéo' }));
    await user.type(await screen.findByLabelText('Texte du bouton'), 'Rejoindre');
    await user.type(screen.getByRole('textbox', { name: 'Lien' }), 'zoom.us/j/1');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(await screen.findByText('Le lien doit être un lien valide')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'Lien' }));
    await user.type(screen.getByRole('textbox', { name: 'Lien' }), 'https://zoom.us/j/1');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    await waitFor(() =>
      expect(lastHtml()).toMatch(/<a [^>]*href="https:\/\/zoom\.us\/j\/1"[^>]*>Rejoindre<\/a>/),
    );
    expect(lastHtml()).toContain('class="video-button"');
  });
});

describe('video embeds (E6)', () => {
  const embed =
    '<div class="video-embed"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube"></iframe></div>';

  it('inserts an answer longer than 5 characters only', () => {
    expect(isUsableEmbed(embed)).toBe(true);
    expect(isUsableEmbed('<p/>')).toBe(false);
    expect(isUsableEmbed('12345')).toBe(false);
    expect(isUsableEmbed('')).toBe(false);
  });

  it('inserts the server’s player', async () => {
    const user = userEvent.setup();
    stubFetch({ '/api/editor/embeds': () => json({ html: embed }) });
    const { lastHtml } = setup({ editorType: 1 });
    await user.click(screen.getByRole('button', { name: 'Intégrer une vidéo' }));
    await user.type(await screen.findByLabelText('Lien de la vidéo'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    await waitFor(() => expect(lastHtml()).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"'));
    expect(lastHtml()).toContain('<div class="video-embed">');
  });

  it('inserts nothing when the answer is 5 characters or fewer', async () => {
    const user = userEvent.setup();
    stubFetch({ '/api/editor/embeds': () => json({ html: '<br/>' }) });
    const { onChange } = setup({ editorType: 1 });
    await user.click(screen.getByRole('button', { name: 'Intégrer une vidéo' }));
    await user.type(await screen.findByLabelText('Lien de la vidéo'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(await screen.findByText('Ce lien n’est pas une vidéo YouTube ou Vimeo.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the field', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/api/editor/embeds': () =>
        json(
          {
            status: 400,
            code: 'validation',
            title: 'x',
            requestId: '1',
            fields: [
              { field: 'url', code: 'editor.validation.videoLink', message: 'Pas une vidéo (serveur)' },
            ],
          },
          400,
        ),
    });
    const { onChange } = setup({ editorType: 1 });
    await user.click(screen.getByRole('button', { name: 'Intégrer une vidéo' }));
    await user.type(await screen.findByLabelText('Lien de la vidéo'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(await screen.findByText('Pas une vidéo (serveur)')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('images (E7)', () => {
  const file = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

  it('shows the image while it uploads, then uses the address the server gives', async () => {
    let release: (r: Response) => void = () => {};
    stubFetch({
      '/api/session': session,
      '/api/files/editor-images': () => undefined as never,
    });
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    (fetch as unknown as ReturnType<typeof vi.fn>).mockImplementation(async (input: RequestInfo | URL) =>
      String(input) === '/api/session' ? session() : pending,
    );
    const { lastHtml } = setup({ editorType: 1, projectId: '6f1c1d5e-6a3a-4d4f-9a43-0d5f8d4f1e11' });
    fireEvent.change(screen.getByTestId('rich-text-image-input'), { target: { files: [file()] } });
    await waitFor(() => expect(document.querySelector('.ProseMirror img[data-uploading]')).not.toBeNull());
    expect(document.querySelector('.ProseMirror img')?.getAttribute('src')).toBe('blob:preview-1');

    await act(async () => release(json({ location: '/files/abc' })));
    await waitFor(() => expect(lastHtml()).toContain('<img src="/files/abc"'));
    expect(lastHtml()).not.toContain('data-uploading');
    const [, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.at(-1) as [
      string,
      RequestInit,
    ];
    expect((init.body as FormData).get('projectId')).toBe('6f1c1d5e-6a3a-4d4f-9a43-0d5f8d4f1e11');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('token');
  });

  it.each([
    ['a refusal (403)', () => json({ status: 403, code: 'forbidden' }, 403)],
    ['an answer without location', () => json({})],
    ['a server error', () => json({ status: 500, code: 'unexpected' }, 500)],
  ])('removes the image and says the upload failed on %s', async (_, answer) => {
    stubFetch({ '/api/session': session, '/api/files/editor-images': answer });
    setup({ editorType: 1 });
    fireEvent.change(screen.getByTestId('rich-text-image-input'), { target: { files: [file()] } });
    expect(await screen.findByText('Le téléversement de l’image a échoué.')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ProseMirror img')).toBeNull());
  });

  it('sets the style of the selected image', async () => {
    const user = userEvent.setup();
    const { lastHtml } = setup({ editorType: 1, value: '<img src="/files/abc">' });
    // jsdom cannot place a click on a node: select the image as a click would.
    const dom = document.querySelector('.ProseMirror') as HTMLElement & {
      editor: import('@tiptap/core').Editor;
    };
    act(() => {
      dom.editor.commands.setNodeSelection(0);
    });
    await user.click(await screen.findByText('Adaptative arrondie'));
    await waitFor(() => expect(lastHtml()).toContain('class="img-responsive-rounded"'));
  });
});
