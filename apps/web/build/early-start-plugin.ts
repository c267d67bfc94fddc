import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import type { EarlyStartFiles } from '../src/early-start/early-start';
import { indexHtmlOf } from './index-html';
import { bundleScript } from './pwa-plugin';

// index.html's head script (ADR 0052): src/early-start/, bundled into an inline classic script
// with this build's file names. The server allows it by its hash (apps/api/src/plugins/spa.ts).

const ENTRY = fileURLToPath(new URL('../src/early-start/early-start-main.ts', import.meta.url));

/** The patient area's layouts (app/routes.tsx): every page of the area loads them. */
const PATIENT_LAYOUTS = [
  '/src/app/layouts/signed-in-layout.tsx',
  '/src/app/layouts/dashboard-layout.tsx',
];
/** The pages a patient opens directly: the dashboard, her appointments (a mail's link), booking. */
const DIRECT_PAGES: Record<string, string> = {
  '/dashboard': '/src/app/pages/dashboard-home-page.tsx',
  '/dashboard/appointments': '/src/app/pages/appointments-page.tsx',
  '/calendar': '/src/features/booking/components/calendar-page.tsx',
};

/** The chunk whose module is `suffix`; the build fails without it (a layout renamed, say). */
function chunkOf(bundle: Rollup.OutputBundle, suffix: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId?.endsWith(suffix) ?? false),
  );
  if (!chunk) throw new Error(`early-start: no chunk of ${suffix} in the build`);
  return chunk;
}

/** The files a patient's page needs from this build (the entry's own are in index.html). */
export function earlyStartFiles(bundle: Rollup.OutputBundle): EarlyStartFiles {
  const site = (file: string) => `/${file}`;
  const isEntry = (file: string) => {
    const output = bundle[file];
    return output?.type === 'chunk' && output.isEntry;
  };
  const area = new Set<string>();
  const pages: Record<string, string> = {};
  for (const layout of PATIENT_LAYOUTS) {
    const chunk = chunkOf(bundle, layout);
    area.add(chunk.fileName);
    for (const file of chunk.imports) if (!isEntry(file)) area.add(file);
  }
  for (const [path, module] of Object.entries(DIRECT_PAGES)) {
    const chunk = chunkOf(bundle, module);
    pages[path] = site(chunk.fileName);
    // The chunk groups its pages share (the `signed-in` group): every page of the area needs them.
    for (const file of chunk.imports) if (!isEntry(file)) area.add(file);
  }
  // Each language's two parts (lib/i18n.ts), found by their modules' names. (The shared package's
  // list of languages is TypeScript that Vite's config loader does not compile.)
  const languages: Record<string, string[]> = {};
  for (const output of Object.values(bundle)) {
    const match =
      output.type === 'chunk' &&
      /\/src\/locales\/(\w+)-signed-in\.ts$/.exec(output.facadeModuleId ?? '');
    if (!match) continue;
    const locale = match[1]!;
    languages[locale] = ['first-page', 'signed-in'].map((part) =>
      site(chunkOf(bundle, `/src/locales/${locale}-${part}.ts`).fileName),
    );
  }
  if (!languages.en) throw new Error('early-start: no English texts in the build');
  return {
    patientArea: [...area].sort().map(site),
    pages,
    languages,
  };
}

export function earlyStartPlugin(): Plugin {
  return {
    name: 'vizita:early-start',
    apply: 'build',
    generateBundle: {
      // After Vite has written index.html into the bundle, and welcome.html was made from it.
      order: 'post',
      async handler(_options, bundle) {
        const index = indexHtmlOf(bundle);
        const script = await bundleScript(ENTRY, {
          __VIZITA_EARLY_START__: JSON.stringify(earlyStartFiles(bundle)),
        });
        if (script.includes('</')) throw new Error('early-start: the script would end its tag');
        const html = String(index.source);
        const entryTag = '<script type="module"';
        if (!html.includes(entryTag)) throw new Error('index.html has no module script');
        // Before the entry's tag and the stylesheet's link: a classic script after a stylesheet
        // waits for it.
        index.source = html.replace(
          entryTag,
          () => `<script>${script.trim()}</script>\n    ${entryTag}`,
        );
      },
    },
  };
}
