import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { useResendGuestLink } from '../api/resend-guest-link';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** Why no new link went out, in words the staff member can act on. */
function failureKey(error: unknown) {
  if (isApiError(error)) {
    if (error.code === 'meetingCancelled') return 'guest.resend.cancelled';
    if (error.code === 'guestLinkEnded') return 'guest.resend.ended';
    if (error.statusCode === 404) return 'guest.resend.notFound';
  }
  return 'guest.resend.failed';
}

/**
 * "Send the link again" for a consultation with a person without an account (issue #12): a new
 * single-use link by e-mail; the earlier link, and the browser that opened it, stop working.
 * For the consultation's doctor and for admins (the server checks which).
 */
export function ResendGuestLink({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('doctor');
  const resend = useResendGuestLink();
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        busy={resend.isPending}
        onClick={() => resend.mutate(appointmentId)}
      >
        {t('guest.resend.button')}
      </Button>
      <p className="text-sm text-slate-700">{t('guest.resend.hint')}</p>
      {resend.isSuccess &&
        (resend.data.mailSent ? (
          <Alert tone="success">{t('guest.resend.sent')}</Alert>
        ) : (
          <Alert tone="error">{t('guest.resend.notSent')}</Alert>
        ))}
      {resend.isError && <Alert tone="error">{t(failureKey(resend.error))}</Alert>}
    </div>
  );
}
