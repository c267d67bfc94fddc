import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import type * as WelcomePage from '../src/prerender/welcome-page';
import { indexHtmlOf } from './index-html';

// The welcome page, rendered when the app is built (ADR 0050): dist/welcome.html is index.html
// with `/` already in #root, which the server sends to a visitor without a session
// (apps/api/src/plugins/spa.ts). Every other path keeps the empty index.html.

const appDir = fileURLToPath(new URL('..', import.meta.url));
const RENDERER = '/src/prerender/welcome-page.tsx';
const WELCOME_FILE = 'welcome.html';

/** welcome.html from index.html, rendered with the app's own modules in Node (Vite's loader). */
async function welcomeHtml(indexHtml: string): Promise<string> {
  const server = await createServer({
    configFile: false,
    root: appDir,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule(RENDERER)) as typeof WelcomePage;
    return module.welcomeDocument(indexHtml, await module.renderWelcomePage());
  } finally {
    await server.close();
  }
}

export function prerenderPlugin(): Plugin {
  return {
    name: 'vizita:prerender',
    apply: 'build',
    generateBundle: {
      // After the PWA plugin has written the build's id into index.html.
      order: 'post',
      async handler(_options, bundle) {
        this.emitFile({
          type: 'asset',
          fileName: WELCOME_FILE,
          source: await welcomeHtml(String(indexHtmlOf(bundle).source)),
        });
      },
    },
  };
}
