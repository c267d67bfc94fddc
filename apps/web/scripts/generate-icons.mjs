#!/usr/bin/env node
// The app's PNG icons (public/icons/), drawn from public/favicon.svg with rsvg-convert (Debian:
// `apt-get install librsvg2-bin`). Run once after the logo changes and commit the PNGs; the
// build does not need rsvg-convert.
//
//   any        icon-192.png, icon-512.png   the logo as it is, rounded corners on transparency
//   maskable   icon-maskable-512.png        the whole square teal (the platform cuts its own
//                                          shape), the mark inside the central 80 % circle
//   apple      apple-touch-icon.png (180)   the whole square teal: iOS rounds the corners and
//                                          would fill transparency with black
//
// Usage: npm run icons -w apps/web

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const outDir = join(publicDir, 'icons');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

// The favicon is a 32-unit square with rx="8" corners and one path (the V).
if (!/rx="8"/.test(logo) || !/<path /.test(logo)) {
  console.error('favicon.svg no longer has the shape this script expects; update the script.');
  process.exit(1);
}
const fullSquare = logo.replace(/ rx="8"/, '');
// The V reaches 11.5 units from the centre; scaled by 0.8 it stays within the maskable safe
// zone (a circle of radius 12.8, 40 % of 32) with room to spare on every platform's mask.
const maskable = fullSquare.replace(
  /<path /,
  '<path transform="translate(16 16) scale(0.8) translate(-16 -16)" ',
);

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: fullSquare },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, svg } of icons) {
  execFileSync(
    'rsvg-convert',
    ['--width', String(size), '--height', String(size), '--output', join(outDir, file)],
    { input: svg },
  );
  console.log(`public/icons/${file} (${size}×${size})`);
}
