import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import enTexts from '../../../locales/en/public-registration.json';
import frTexts from '../../../locales/fr/public-registration.json';
import { cssVariablesResolver, theme } from '../../app/theme';
import { i18n } from '../../lib/i18n';
import { RegistrationScreen } from './registration-screen';

/**
 * The public registration page, a page of its own (web/registration-page.html, served at `/r/<token>`): no router,
 * no session, none of the back office's code; its texts come with it in both languages
 * (docs/sales/registration-page.md).
 */
i18n.addResourceBundle('fr', 'translation', structuredClone(frTexts), true, false);
i18n.addResourceBundle('en', 'translation', structuredClone(enTexts), true, false);

const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from registration-page.html');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RegistrationScreen token={token} />
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
