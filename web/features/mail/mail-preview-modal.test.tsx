import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage, MailMessageDetail } from '../../../contracts/mail';
import { renderWithProviders } from '../../../tests/support/render';
import { queryClient } from '../../lib/query-client';
import { MailPreviewModal } from './mail-preview-modal';

const message: MailMessage = {
  id: '00000000-0000-4000-8000-0000000000a1',
  projectId: null,
  kind: 'campaign',
  toEmail: 'ana@example.test',
  toName: 'Ana Roy',
  language: 'fr',
  subject: 'Votre programme',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  sentAt: '2026-11-28T12:00:05.000Z',
};
const qr = 'data:image/png;base64,iVBORw0KGgo=';
const detail: MailMessageDetail = {
  ...message,
  html: '<p>Votre code :</p><p><img src="cid:qr-1@maillage.test" alt="Votre code QR personnel"></p>',
  text: 'Votre code :',
  messageId: '<x@maillage.test>',
  inlineImages: [{ cid: 'qr-1@maillage.test', dataUri: qr }],
};

beforeEach(() => {
  queryClient.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(detail), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the outbox preview (C5)', () => {
  it('shows the inline images (cid) of the message as sent, in its sandboxed frame', async () => {
    renderWithProviders(<MailPreviewModal message={message} onClose={() => {}} />, { queryClient });
    const frame = (await screen.findByTestId('mail-preview-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const shown = frame.getAttribute('srcdoc') ?? '';
    expect(shown).toContain(`<img src="${qr}" alt="Votre code QR personnel">`);
    expect(shown).not.toContain('cid:');
  });
});
