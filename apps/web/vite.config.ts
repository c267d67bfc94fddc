import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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
];

const proxy: Record<string, ProxyOptions> = {
  ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  '/ws': { target: apiTarget, ws: true },
};

const plugins = [react(), tailwindcss()];

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
