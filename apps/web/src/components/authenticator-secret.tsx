import { useTranslation } from 'react-i18next';

/** "1234 5678 …": a secret typed by hand is easier in groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * How to connect an authenticator app to a new secret: the steps, the QR code and the key to type
 * by hand. The security page and the invitation page set up the same second factor (ADR 0023).
 */
export function AuthenticatorSecret({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { t } = useTranslation('security');
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
        <li>{t('twoFactor.scanStep1')}</li>
        <li>{t('twoFactor.scanStep2')}</li>
        <li>{t('twoFactor.scanStep3')}</li>
      </ol>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        className="size-48 rounded-lg border border-slate-200 bg-white p-2"
      />
      <p className="text-sm text-slate-700">
        {t('twoFactor.manual')}{' '}
        <code data-testid="totp-secret" className="font-mono break-all text-slate-900">
          {grouped(secret)}
        </code>
      </p>
    </div>
  );
}
