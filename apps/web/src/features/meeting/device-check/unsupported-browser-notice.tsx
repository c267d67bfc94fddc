import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/text-field';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies through the Clipboard API, else the older selection command (WebKitGTK over http). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, not focused): try the selection below.
    }
  }
  input?.select();
  // execCommand is deprecated, but it is what a browser without the Clipboard API has.
  if (!input || !document.execCommand('copy')) throw new Error('copy refused');
}

/**
 * Said before the call where the browser cannot join one (issue #23): that it cannot, and what
 * works instead — a current Chrome, Firefox, Edge or Safari, or the phone, with this page's link
 * to copy. The rest of the page (the device check, the appointment, the way back) stays usable.
 */
export function UnsupportedBrowserNotice({ link }: { link: string }) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('meeting.deviceCheck.unsupported.title')}
      </h3>
      <p className="text-slate-800">{t('meeting.deviceCheck.unsupported.why')}</p>
      <p className="text-slate-800">{t('meeting.deviceCheck.unsupported.whatToDo')}</p>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {t('meeting.deviceCheck.unsupported.linkLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id={inputId}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className={controlClasses(false, 'min-w-0 flex-1')}
          />
          <Button
            variant="secondary"
            onClick={() => {
              copyText(link, input.current).then(
                () => setCopy('copied'),
                () => setCopy('failed'),
              );
            }}
          >
            {t('meeting.deviceCheck.unsupported.copy')}
          </Button>
        </div>
        <p role="status" className="text-sm text-slate-700">
          {copy === 'copied'
            ? t('meeting.deviceCheck.unsupported.copied')
            : copy === 'failed'
              ? t('meeting.deviceCheck.unsupported.copyFailed')
              : ''}
        </p>
      </div>
    </section>
  );
}
