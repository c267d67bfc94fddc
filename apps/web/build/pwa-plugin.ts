import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import en from '../src/locales/en/offline.json';
import { isServerPath } from '../service-worker/routing';
import { indexHtmlOf } from './index-html';

// The installable app's build step (ADR 0046): the offline page, the build's id in index.html and
// the service worker with the list of files it keeps. Hand-written rather than vite-plugin-pwa:
// Workbox's build tool brings Babel and a dozen packages for what these lines do.

const appDir = fileURLToPath(new URL('..', import.meta.url));
const OFFLINE_TEMPLATE = join(appDir, 'src/offline/offline.html');
const OFFLINE_SCRIPT = join(appDir, 'src/offline/offline-main.ts');
const SERVICE_WORKER = join(appDir, 'service-worker/sw.ts');
/** index.html's `<meta name="vizita-build">` holds this until the build writes its id there. */
export const BUILD_PLACEHOLDER = '__VIZITA_BUILD__';

/** Public files the offline page needs besides its own two. */
const OFFLINE_PAGE_NEEDS = ['/favicon.svg'];

/**
 * One script of its own (the worker, the offline page's), bundled into a single classic script:
 * a module service worker is not supported by every browser we serve, and sharing chunks with
 * the app would tie the worker to files of one build.
 */
export async function bundleScript(
  entry: string,
  define: Record<string, string> = {},
): Promise<string> {
  const result = await build({
    configFile: false,
    root: appDir,
    publicDir: false,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry, formats: ['iife'], name: 'vizita', fileName: () => 'script.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk');
  if (!chunk) throw new Error(`No script was built from ${relative(appDir, entry)}`);
  return chunk.code;
}

/** Every file of the public directory, as paths of the site. */
function publicFiles(publicDir: string): string[] {
  return readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${relative(publicDir, join(entry.parentPath, entry.name)).split('\\').join('/')}`,
    );
}

/** The entry chunks and everything they import statically, with their stylesheets. */
function shellFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (!output || output.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of output.viteMetadata?.importedCss ?? []) files.add(css);
    output.imports.forEach(visit);
  };
  for (const output of Object.values(bundle))
    if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  return [...files].map((file) => `/${file}`);
}

export function pwaPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'vizita:pwa',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // The development server has no worker (main.tsx registers none there): a plain marker.
    transformIndexHtml: {
      order: 'pre',
      handler: (html, { server }) => (server ? html.replace(BUILD_PLACEHOLDER, 'dev') : html),
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const offlineHtml = readFileSync(OFFLINE_TEMPLATE, 'utf8').replace(
          /{{(\w+)}}/g,
          (_match, key: string) => {
            const text = (en as Record<string, string>)[key];
            if (text === undefined) throw new Error(`offline.html names no text "${key}"`);
            return text;
          },
        );
        this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlineHtml });
        this.emitFile({
          type: 'asset',
          fileName: 'offline.js',
          source: await bundleScript(OFFLINE_SCRIPT),
        });

        const shell = [
          ...shellFiles(bundle),
          '/offline.html',
          '/offline.js',
          ...OFFLINE_PAGE_NEEDS,
        ].sort();
        const published = new Set(publicFiles(publicDir));
        for (const path of shell) {
          // The worker's one promise (ADR 0046), checked where the list is made.
          if (isServerPath(path)) throw new Error(`The service worker may not keep ${path}`);
          const file = path.slice(1);
          if (!bundle[file] && !published.has(path))
            throw new Error(`The service worker would keep ${path}, which the build lacks`);
        }

        // The build's id: a hash of every file it serves, so that it changes exactly when what a
        // browser could load changes — and /sw.js with it, which is what browsers compare.
        const hash = createHash('sha256');
        const add = (name: string, content: string | Uint8Array) =>
          hash.update(name).update('\0').update(content).update('\0');
        for (const name of Object.keys(bundle).sort()) {
          const output = bundle[name]!;
          add(name, output.type === 'chunk' ? output.code : output.source);
        }
        for (const path of [...published].sort())
          add(path, readFileSync(join(publicDir, path.slice(1))));
        const buildId = hash.digest('hex').slice(0, 16);

        const index = indexHtmlOf(bundle);
        if (!String(index.source).includes(BUILD_PLACEHOLDER))
          throw new Error(
            `index.html has no <meta name="vizita-build" content="${BUILD_PLACEHOLDER}">`,
          );
        index.source = String(index.source).replace(BUILD_PLACEHOLDER, buildId);

        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: await bundleScript(SERVICE_WORKER, {
            __VIZITA_BUILD__: JSON.stringify(buildId),
            __VIZITA_SHELL__: JSON.stringify(shell),
          }),
        });
      },
    },
  };
}
