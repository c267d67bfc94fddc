import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the credentials of mailed links and sockets', () => {
    const cases: [string, string][] = [
      ['/validate-email?token=abc', '/validate-email?token=[redacted]'],
      ['/auth/validate-email?token=abc.def-ghi', '/auth/validate-email?token=[redacted]'],
      ['/reset-password?token=abc&lang=de', '/reset-password?token=[redacted]&lang=de'],
      [
        '/receipts/9f0c/invoice.pdf?exp=1790000000&sig=abc',
        '/receipts/9f0c/invoice.pdf?exp=1790000000&sig=[redacted]',
      ],
      ['/ws/meetings/42?instance=p1&token=eyJ.x.y', '/ws/meetings/42?instance=p1&token=[redacted]'],
      ['/cb?code=123456&state=ok', '/cb?code=[redacted]&state=ok'],
      [
        '/x?access_token=a&refreshToken=b&client-secret=c&api_key=d&SIG=e',
        '/x?access_token=[redacted]&refreshToken=[redacted]&client-secret=[redacted]&api_key=[redacted]&SIG=[redacted]',
      ],
      // A name spelled with percent escapes is still the name.
      ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
      // Repeated, and after a fragment-less empty value.
      ['/x?token=&token=b', '/x?token=[redacted]&token=[redacted]'],
      ['/guest/4q9VZ2m0cJ1nFh0mS3o5W7kq3b8l5TtNw2h0d1eXyZA', '/guest/[redacted]'],
      ['/guest/4q9VZ2m0cJ1nFh0mS3o5W7kq3b8l5TtNw2h0d1eXyZA?lang=bg', '/guest/[redacted]?lang=bg'],
    ];
    for (const [url, logged] of cases) expect(redactUrl(url), url).toBe(logged);
  });

  it('leaves everything else exactly as requested', () => {
    for (const url of [
      '/',
      '/api/availability?doctorId=1&from=2026-11-01&to=2026-12-31',
      '/booking/success?session_id=cs_123',
      '/guest/left',
      '/api/guest/connection-check/download?bytes=1000000',
      '/x?tokens_left=3&keyboard=de',
      '/x?flag&token',
    ])
      expect(redactUrl(url), url).toBe(url);
  });
});
