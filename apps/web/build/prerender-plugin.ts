import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import type * as PatientPage from '../src/prerender/patient-page';
import type * as WelcomePage from '../src/prerender/welcome-page';
import { indexHtmlOf } from './index-html';

// Pages of the app rendered when the app is built, each index.html with the page already in
// #root: dist/welcome.html, `/` for a visitor without a session (ADR 0050), and the patient's
// pages of PRERENDERED_PATIENT_PAGES for a browser with one (ADR 0055), each in every language
// (welcome.bg.html, ADR 0061). The server chooses (apps/api/src/plugins/spa.ts); every other
// path keeps the empty index.html.

const appDir = fileURLToPath(new URL('..', import.meta.url));

type Renderers = {
  welcome: typeof WelcomePage;
  patient: typeof PatientPage;
};

/** Runs `render` with the app's own modules loaded in Node (Vite's loader), then stops it. */
async function withRenderers<T>(render: (modules: Renderers) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: appDir,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    return await render({
      welcome: (await server.ssrLoadModule(
        '/src/prerender/welcome-page.tsx',
      )) as Renderers['welcome'],
      patient: (await server.ssrLoadModule(
        '/src/prerender/patient-page.tsx',
      )) as Renderers['patient'],
    });
  } finally {
    await server.close();
  }
}

/**
 * A plugin that renders pages from index.html as the plugins before it (vite.config.ts) left it,
 * and emits each as a file of the build.
 */
function renderingPlugin(
  name: string,
  render: (indexHtml: string, modules: Renderers) => Promise<[string, string][]>,
): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle: {
      // After the PWA plugin has written the build's id into index.html.
      order: 'post',
      async handler(_options, bundle) {
        const indexHtml = String(indexHtmlOf(bundle).source);
        const files = await withRenderers((modules) => render(indexHtml, modules));
        for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
      },
    },
  };
}

/**
 * welcome.html in each language: from index.html before the head's early start, which it has no
 * use for.
 */
export const prerenderPlugin = () =>
  renderingPlugin('vizita:prerender', (indexHtml, { welcome }) =>
    welcome.renderWelcomePages(indexHtml),
  );

/**
 * The patient's prerendered pages: from index.html with the head's early start in it, which asks
 * for the session and the page's code as the page paints.
 */
export const prerenderPatientPagesPlugin = () =>
  renderingPlugin('vizita:prerender-patient-pages', (indexHtml, { patient }) =>
    patient.renderPatientPages(indexHtml),
  );
