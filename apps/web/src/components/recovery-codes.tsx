import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './ui/alert';
import { Button, buttonClasses } from './ui/button';
import { focusOnMount } from '../lib/focus';

/**
 * The recovery codes, shown once: each signs in once when the phone is lost. Downloadable as a
 * text file; the list is plain text too, to print or copy. Shown by the security page and by the
 * invitation page, which turns two-factor sign-in on for a new doctor.
 */
export function RecoveryCodes({
  codes,
  onDone,
  fresh = false,
}: {
  codes: string[];
  onDone: () => void;
  /** Just turned on: say so as well. */
  fresh?: boolean;
}) {
  const { t } = useTranslation('security');
  const file = useMemo(
    () =>
      URL.createObjectURL(
        new Blob([`${t('codes.fileHeading')}\n\n${codes.join('\n')}\n`], {
          type: 'text/plain;charset=utf-8',
        }),
      ),
    [codes, t],
  );
  useEffect(() => () => URL.revokeObjectURL(file), [file]);
  return (
    <div className="space-y-4">
      <h3 ref={focusOnMount} tabIndex={-1} className="font-semibold text-slate-900">
        {fresh ? t('codes.headingOn') : t('codes.heading')}
      </h3>
      <Alert tone="info">{t('codes.intro')}</Alert>
      <ol
        aria-label={t('codes.listLabel')}
        className="grid grid-cols-1 gap-1 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <a href={file} download="vizita-recovery-codes.txt" className={buttonClasses('secondary')}>
          {t('codes.download')}
        </a>
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </div>
    </div>
  );
}
