/**
 * Setup of the `web` test project (jsdom): the browser APIs Mantine needs that jsdom lacks (as Mantine's testing
 * guide recommends for Jest/Vitest), a clean DOM and no notification left after each test, and the app's i18n
 * instance in French before each test.
 */
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { en, fr } from '../../locales';
import { i18n } from '../../web/lib/i18n';

// The browser fetches the areas' texts after sign-in and English when first needed (web/lib/i18n.ts); components
// under test get every text of both languages at once.
i18n.addResourceBundle('fr', 'translation', fr, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('fr');
  document.documentElement.lang = 'fr';
});

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module store: none may leak into the next test.
  notifications.clean();
});
