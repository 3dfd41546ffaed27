import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The participant's personal page (`/p/<token>`) is a page of its own, not the back office (docs/participants/personal-page.md). */
const PERSONAL_PAGE = /^\/p\/[^/?#]+\/?(?:[?#].*)?$/;
/** The public registration page (`/r/<token>`), a page of its own too (docs/sales/registration-page.md). */
const REGISTRATION_PAGE = /^\/r\/[^/?#]+\/?(?:[?#].*)?$/;

/** In development, `/p/<token>` opens the personal page's HTML, as the server does in production (server/app.ts). */
const personalPageInDev = (): Plugin => ({
  name: 'maillage-personal-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && PERSONAL_PAGE.test(request.url)) request.url = '/personal-page.html';
      else if (request.url && REGISTRATION_PAGE.test(request.url)) request.url = '/registration-page.html';
      next();
    });
  },
});

export default defineConfig({
  root: 'web',
  plugins: [react(), personalPageInDev()],
  build: {
    outDir: `../${process.env.MAILLAGE_DIST || 'dist'}/web`,
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'web/index.html'),
        personalPage: resolve(import.meta.dirname, 'web/personal-page.html'),
        registrationPage: resolve(import.meta.dirname, 'web/registration-page.html'),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' } },
});
