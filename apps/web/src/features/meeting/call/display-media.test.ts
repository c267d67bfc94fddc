import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserGetDisplayMedia, DISPLAY_MEDIA_OPTIONS, displayMediaIssue } from './display-media';

describe('displayMediaIssue', () => {
  const error = (name: string, message = '') => new DOMException(message, name);

  it('takes a closed picker for a change of mind, not an error', () => {
    // What Chromium and Firefox say when the user closes the picker.
    expect(displayMediaIssue(error('NotAllowedError', 'Permission denied'))).toBeNull();
    expect(
      displayMediaIssue(
        error(
          'NotAllowedError',
          'The request is not allowed by the user agent or the platform in the current context.',
        ),
      ),
    ).toBeNull();
  });

  it('explains a refusal by the page’s policy or the operating system', () => {
    expect(
      displayMediaIssue(
        error(
          'NotAllowedError',
          'Access to the feature "display-capture" is disallowed by permissions policy.',
        ),
      ),
    ).toBe('blocked');
    expect(displayMediaIssue(error('NotAllowedError', 'Permission denied by system'))).toBe(
      'blocked',
    );
    expect(displayMediaIssue(error('SecurityError'))).toBe('blocked');
  });

  it('tells an unsupported browser from any other failure', () => {
    expect(displayMediaIssue(error('NotSupportedError'))).toBe('unsupported');
    expect(displayMediaIssue(error('NotReadableError', 'Could not start video source'))).toBe(
      'failed',
    );
    expect(displayMediaIssue(error('InvalidStateError'))).toBe('failed');
    expect(displayMediaIssue(new TypeError('bad'))).toBe('failed');
    expect(displayMediaIssue('weird')).toBe('failed');
  });
});

describe('browserGetDisplayMedia', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  const policy = Object.getOwnPropertyDescriptor(document, 'featurePolicy');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'mediaDevices', original);
    else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    if (policy) Object.defineProperty(document, 'featurePolicy', policy);
    else delete (document as { featurePolicy?: unknown }).featurePolicy;
  });

  const devices = (value: unknown) =>
    Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true });

  it('is null without getDisplayMedia (phones, insecure pages)', () => {
    devices({ getUserMedia: () => {} });
    expect(browserGetDisplayMedia()).toBeNull();
    devices(undefined);
    expect(browserGetDisplayMedia()).toBeNull();
  });

  it('asks the browser, unless the page’s Permissions-Policy forbids the capture', async () => {
    const getDisplayMedia = vi.fn(async () => 'stream');
    devices({ getDisplayMedia });
    await expect(browserGetDisplayMedia()!(DISPLAY_MEDIA_OPTIONS)).resolves.toBe('stream');
    expect(getDisplayMedia).toHaveBeenCalledWith(DISPLAY_MEDIA_OPTIONS);

    Object.defineProperty(document, 'featurePolicy', {
      value: { allowsFeature: (feature: string) => feature !== 'display-capture' },
      configurable: true,
    });
    const refusal = await browserGetDisplayMedia()!(DISPLAY_MEDIA_OPTIONS).catch(
      (error: unknown) => error,
    );
    expect(displayMediaIssue(refusal)).toBe('blocked');
    expect(getDisplayMedia).toHaveBeenCalledTimes(1);
  });
});
