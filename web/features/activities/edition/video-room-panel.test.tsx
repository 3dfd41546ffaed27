import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoRoom } from '../../../../contracts/activity-video';
import type { Language } from '../../../../contracts/http';
import { renderWithProviders } from '../../../../tests/support/render';
import { i18n } from '../../../lib/i18n';
import { VideoRoomPanel } from './video-room-panel';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const room = (overrides: Partial<VideoRoom> = {}): VideoRoom => ({
  status: 'none',
  roomUrl: null,
  hostRoomUrl: null,
  error: null,
  configured: true,
  locked: null,
  ...overrides,
});

/** What GET answers (the room as the server has it), and every POST body sent. */
let current: VideoRoom;
let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, current);
      sent.push(JSON.parse(String(init.body)));
      current = room({ status: 'pending' });
      return json(200, current);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The text that describes an element (aria-describedby), as a screen reader reads it after its name. */
const describedBy = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const render = (language: Language) =>
  renderWithProviders(<VideoRoomPanel projectId={PROJECT} activityId={ACTIVITY} />, { language });

describe.each(['fr', 'en'] as const)('video room panel (%s)', (language) => {
  const t = (key: string) => i18n.getFixedT(language)(`activities.linkTab.video.${key}`);

  it('is locked, and says why, when the server has no Whereby key', async () => {
    current = room({ configured: false });
    render(language);
    const button = await screen.findByRole('button', { name: t('generate') });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(button)).toBe(t('notConfigured'));
  });

  it('is locked for an activity without date or ended, with the invalid-date message', async () => {
    current = room({ locked: 'ended' });
    render(language);
    const button = await screen.findByRole('button', { name: t('generate') });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(button)).toBe(t('invalidDate'));
  });

  it('shows why it failed and tries again, replacing what is left', async () => {
    current = room({ status: 'failed', error: 'Whereby refused the request: nope' });
    render(language);
    expect((await screen.findByRole('alert')).textContent).toContain('Whereby refused the request: nope');
    await userEvent.click(screen.getByRole('button', { name: t('retry') }));
    await waitFor(() => expect(sent).toEqual([{ replace: true }]));
    await screen.findByText(t('pending'));
    expect((screen.getByRole('button', { name: t('generate') }) as HTMLButtonElement).disabled).toBe(true);
  });
});
