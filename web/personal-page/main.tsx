// Only the styles of the components this page uses (Mantine's per-component files): its weight budget is 150 kB.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Paper.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import enTexts from '../../locales/en/personal-page.json';
import frTexts from '../../locales/fr/personal-page.json';
import { cssVariablesResolver, theme } from '../app/theme';
import { i18n } from '../lib/i18n';
import { PersonalPageScreen } from './personal-page-screen';

/**
 * The participant's personal page, a page of its own (web/personal-page.html, served at `/p/<token>`): no router,
 * no session, none of the back office's code; its texts come with it in both languages (docs/participants/personal-page.md).
 */
i18n.addResourceBundle('fr', 'translation', structuredClone(frTexts), true, false);
i18n.addResourceBundle('en', 'translation', structuredClone(enTexts), true, false);

const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from personal-page.html');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <PersonalPageScreen token={token} />
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
