import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the public pages take from the app's build: its stylesheet (hashed name). */
export type SpaAssets = { stylesheets: string[] };

/**
 * The stylesheets the built index.html links, read once at start: the public pages wear the app's
 * look without a copy of it. Without a build (the API's tests, `npm run dev`'s API alone) there
 * is none and the pages are plain HTML, whole all the same.
 */
export function readSpaAssets(webRoot: string): SpaAssets {
  const index = join(webRoot, 'index.html');
  if (!existsSync(index)) return { stylesheets: [] };
  const text = readFileSync(index, 'utf8');
  const stylesheets = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)]
    .map((tag) => /href="([^"]+)"/.exec(tag[0])?.[1])
    .filter((href): href is string => href !== undefined && href.startsWith('/'));
  return { stylesheets };
}
