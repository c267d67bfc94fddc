import type { Rollup } from 'vite';

/** index.html in the bundle, which the build plugins read and write in turn (vite.config.ts). */
export function indexHtmlOf(bundle: Rollup.OutputBundle): Rollup.OutputAsset {
  const index = bundle['index.html'];
  if (index?.type !== 'asset') throw new Error('The build wrote no index.html');
  return index;
}
