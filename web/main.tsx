import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { makeRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { ErrorDialog } from './components/feedback/error-dialog';
import { setUnauthenticatedHandler } from './lib/api';
import { applyLanguage, i18n, initialLanguage } from './lib/i18n';
import { queryClient } from './lib/query-client';

const router = makeRouter(queryClient);

/** P1: a call that finds the session gone returns to sign-in, keeping the page to come back to. */
setUnauthenticatedHandler(() => {
  queryClient.clear();
  const here = router.state.location.href;
  if (!here.startsWith('/sign-in')) {
    // The session is gone: unsaved-changes guards cannot keep the user on a dead page.
    void router.navigate({ to: '/sign-in', search: { expired: true, redirect: here }, ignoreBlocker: true });
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first paint is in the browser's last language (English's texts fetched first when it was English); if they
// cannot be fetched, the app starts in French rather than not at all.
await applyLanguage(initialLanguage()).catch(() => applyLanguage('fr'));
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <Notifications position="top-right" />
          <RouterProvider router={router} />
          <ErrorDialog />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
