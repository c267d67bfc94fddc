import { describe, expect, it } from 'vitest';
import { classifyMediaError, detectBrowser, mediaFixKey } from './media-outcome';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
};

describe('classifyMediaError', () => {
  it.each([
    ['NotAllowedError', 'blocked'],
    ['PermissionDeniedError', 'blocked'],
    ['SecurityError', 'blocked'],
    ['NotFoundError', 'notFound'],
    ['DevicesNotFoundError', 'notFound'],
    ['OverconstrainedError', 'notFound'],
    ['NotReadableError', 'inUse'],
    ['TrackStartError', 'inUse'],
    ['AbortError', 'failed'],
    ['TypeError', 'failed'],
  ])('%s is %s', (name, outcome) => {
    expect(classifyMediaError(new DOMException('x', name))).toBe(outcome);
  });

  it('reads the name of plain errors and error-like objects, and knows nothing else', () => {
    const error = new Error('no');
    error.name = 'NotAllowedError';
    expect(classifyMediaError(error)).toBe('blocked');
    expect(classifyMediaError({ name: 'NotReadableError' })).toBe('inUse');
    expect(classifyMediaError('NotAllowedError')).toBe('failed');
    expect(classifyMediaError(null)).toBe('failed');
  });
});

describe('detectBrowser', () => {
  it.each([
    [UA.chrome, 'chromium'],
    [UA.chrome.replace('Chrome/', 'HeadlessChrome/'), 'chromium'],
    [UA.edge, 'chromium'],
    [UA.androidChrome, 'chromium'],
    [UA.firefox, 'firefox'],
    [UA.safari, 'safari'],
    [UA.iphoneSafari, 'ios'],
    [UA.iphoneChrome, 'ios'],
    ['', 'other'],
    ['curl/8.5.0', 'other'],
  ])('%s → %s', (ua, family) => {
    expect(detectBrowser(ua)).toBe(family);
  });
});

describe('mediaFixKey', () => {
  it('explains a refusal in the browser at hand, the other outcomes alike everywhere', () => {
    expect(mediaFixKey('blocked', 'firefox')).toBe('meeting.deviceCheck.fix.blocked.firefox');
    expect(mediaFixKey('blocked', 'chromium')).toBe('meeting.deviceCheck.fix.blocked.chromium');
    expect(mediaFixKey('blocked', 'other')).toBe('meeting.deviceCheck.fix.blocked.other');
    expect(mediaFixKey('notFound', 'safari')).toBe('meeting.deviceCheck.fix.notFound');
    expect(mediaFixKey('inUse', 'ios')).toBe('meeting.deviceCheck.fix.inUse');
    expect(mediaFixKey('insecure', 'chromium')).toBe('meeting.deviceCheck.fix.insecure');
    expect(mediaFixKey('failed', 'firefox')).toBe('meeting.deviceCheck.fix.failed');
    expect(mediaFixKey('ok', 'firefox')).toBeNull();
  });
});
