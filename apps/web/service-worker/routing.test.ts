import { describe, expect, it } from 'vitest';
import { isShellCache, requestRoute, shellCacheName } from './routing';

const ORIGIN = 'https://vizita.example';
const SHELL = new Set(['/assets/index-1a2b.js', '/assets/index-3c4d.css', '/offline.html']);

const route = (url: string, { method = 'GET', mode = 'no-cors' } = {}) =>
  requestRoute({ method, mode, url: new URL(url, ORIGIN).href }, ORIGIN, SHELL);

describe('what the service worker does with a request', () => {
  it('answers the build files it listed from its cache', () => {
    expect(route('/assets/index-1a2b.js')).toBe('shell');
    expect(route('/offline.html', { mode: 'same-origin' })).toBe('shell');
  });

  it('sends the app’s pages to the network, with the offline page as the fallback', () => {
    for (const path of ['/', '/dashboard/appointments', '/doctors/georgi-dimitrov', '/verify/x'])
      expect(route(path, { mode: 'navigate' }), path).toBe('page');
  });

  // The promise of ADR 0046: whatever a person's data travels in is never the worker's.
  it('leaves every answer about a person to the browser, pages of the server included', () => {
    for (const path of [
      '/api/appointments',
      '/api/doctors/photo/1',
      '/auth/status',
      '/auth/login',
      '/receipts/9f1c',
      '/receipts/9f1c/invoice.pdf',
      '/checkout/cs_1',
      '/healthz',
      '/readyz',
      '/metrics',
      '/dev/mail',
      '/docs',
      '/ws/notifications',
    ]) {
      expect(route(path), path).toBe('network');
      expect(route(path, { mode: 'navigate' }), `${path} (page)`).toBe('network');
    }
  });

  it('answers no write, not even to a file of the shell', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'])
      expect(route('/assets/index-1a2b.js', { method }), method).toBe('network');
    expect(route('/dashboard', { method: 'POST', mode: 'navigate' })).toBe('network');
  });

  it('answers nothing it did not list, nor another origin’s file of the same name', () => {
    expect(route('/assets/calendar-page-9z8y.js')).toBe('network');
    expect(route('/assets/index-1a2b.js?v=2')).toBe('network');
    expect(route('/manifest.webmanifest')).toBe('network');
    expect(route('/sw.js')).toBe('network');
    expect(route('https://cdn.example/assets/index-1a2b.js')).toBe('network');
    expect(route('https://other.example/', { mode: 'navigate' })).toBe('network');
  });

  it('tells a segment from a path that only starts like one', () => {
    expect(route('/apiary', { mode: 'navigate' })).toBe('page');
    expect(route('/authors/x', { mode: 'navigate' })).toBe('page');
  });
});

describe('the worker’s caches', () => {
  it('are named for their build, and only those are its own', () => {
    expect(shellCacheName('abc123')).toBe('vizita-shell-abc123');
    expect(isShellCache(shellCacheName('abc123'))).toBe(true);
    expect(isShellCache('another-library-cache')).toBe(false);
  });
});
