import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { pwaPlugin } from './build/pwa-plugin';
import { chunkGroupsPlugin } from './build/chunk-groups';
import { earlyStartPlugin } from './build/early-start-plugin';
import { prerenderPatientPagesPlugin, prerenderPlugin } from './build/prerender-plugin';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

// Everything the API serves besides the SPA; in production the API serves both from one origin,
// so the dev proxy keeps every path relative and same-origin in development too.
const apiPrefixes = [
  '/auth',
  '/api',
  '/dev',
  '/checkout',
  '/receipts',
  '/healthz',
  '/readyz',
  '/docs',
  '/metrics',
  // The public doctor pages the server renders (issue #22).
  '/doctors',
  '/sitemap.xml',
  '/robots.txt',
];

const proxy: Record<string, ProxyOptions> = {
  ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  '/ws': { target: apiTarget, ws: true },
};

/** The npm package a module id lies in, or null for our own code. */
function packageOf(id: string): string | null {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.split('\\').join('/'));
  return match?.[1] ?? null;
}

/**
 * Writes .vite/chunk-packages.json beside Vite's manifest: the npm packages whose code each chunk
 * holds (modules tree-shaken away do not count). The manifest names chunks, not their modules;
 * scripts/check-budgets.mjs needs both to check that `/` loads no package kept off it (ADR 0010).
 */
function chunkPackages(): Plugin {
  return {
    name: 'vizita:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => packageOf(id))
          .filter((name) => name !== null);
        packages[output.fileName] = [...new Set(names)].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: `${JSON.stringify(packages, null, 2)}\n`,
      });
    },
  };
}

// In this order: the build's id into index.html; welcome.html, index.html with the welcome page
// in it; the head's early start into index.html — welcome.html goes only to browsers without a
// session, for whom it would do nothing (ADR 0052); then the patient's prerendered pages, from
// index.html with its early start (ADR 0055).
const plugins = [
  react(),
  tailwindcss(),
  chunkPackages(),
  chunkGroupsPlugin(),
  pwaPlugin(),
  prerenderPlugin(),
  earlyStartPlugin(),
  prerenderPatientPagesPlugin(),
];

// react-router 7's export map names only its development build, which keeps dev-only checks and
// warnings in production bundles (remix-run/react-router#12532); a build takes the production one.
const productionReactRouter = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins,
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: productionReactRouter }] }
      : {},
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, strictPort: true, proxy },
  build: {
    // scripts/check-budgets.mjs reads the manifest to measure what each route loads.
    manifest: true,
    target: 'es2022',
  },
}));
