import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/support/render';
import { ReportEmailButton } from './report-email';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ROLE = '00000000-0000-4000-8000-0000000000a1';

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      sent.push({ url: String(input), body });
      return new Response(
        JSON.stringify({ messageId: '00000000-0000-4000-8000-0000000000ff', to: body.to }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('T2 the report by e-mail', () => {
  it('sends the filters of the page and the address typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ReportEmailButton projectId={PROJECT} query={{ roleIds: [ROLE], payment: 'paid' }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer par courriel' }));
    // Pasted rather than typed key by key: 26 keystrokes through the modal took seconds on a loaded machine.
    await user.click(screen.getByLabelText(/Adresse courriel/));
    await user.paste('commanditaire@example.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe(`/api/projects/${PROJECT}/report/email`);
    expect(sent[0].body).toEqual({ roleIds: ROLE, payment: 'paid', to: 'commanditaire@example.test' });
  });
});
