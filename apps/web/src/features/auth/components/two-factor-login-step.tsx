import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  twoFactorLoginRequestSchema,
  TRUSTED_DEVICE_DAYS,
} from '@vizita/shared/contracts/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { bookingCalendarPath } from '../../../lib/booking-intent';
import { focusOnMount } from '../../../lib/focus';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  useCompleteTwoFactorLogin,
  twoFactorLoginErrorKey,
} from '../api/complete-two-factor-login';

/**
 * The second step of a sign-in with two-factor sign-in on (ADR 0023): the code the authenticator
 * app shows, or one of the recovery codes, and whether to remember this browser for 30 days.
 * Its texts come with the signed-in screens', loaded here (this step is on the way there).
 */
export function TwoFactorLoginStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loadSignedInTranslations().then(() => setReady(true));
  }, []);
  return ready ? (
    <CodeForm challenge={challenge} onRestart={onRestart} />
  ) : (
    <LoadingState className="py-6" />
  );
}

function CodeForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const complete = useCompleteTwoFactorLogin();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useSchemaForm({
    schema: formSchema({
      schema: twoFactorLoginRequestSchema,
      // One of the two codes goes, the one whose field is shown.
      toInput: (values: { code: string; recoveryCode: string; rememberDevice: boolean }) => ({
        challenge,
        ...(useRecovery ? { recoveryCode: values.recoveryCode } : { code: values.code }),
        rememberDevice: values.rememberDevice,
      }),
    }),
    defaultValues: { code: '', recoveryCode: '', rememberDevice: false },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await complete.mutateAsync(body);
      await navigate(bookingCalendarPath() ?? '/dashboard');
    } catch {
      // Shown below from the mutation's error.
    }
  });
  const failure = complete.isError ? twoFactorLoginErrorKey(complete.error) : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h2 ref={focusOnMount} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t('login.heading')}
      </h2>
      <p className="text-sm text-slate-700">
        {useRecovery ? t('login.recoveryIntro') : t('login.codeIntro')}
      </p>
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? t('login.recoveryCode') : t('login.code')}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoCapitalize={useRecovery ? 'characters' : 'off'}
        {...form.field(useRecovery ? 'recoveryCode' : 'code')}
      />
      <CheckboxField
        label={t('login.remember', { days: TRUSTED_DEVICE_DAYS })}
        {...form.field('rememberDevice')}
      />
      {failure && (
        <Alert tone="error">
          <p>{t(failure)}</p>
          {failure === 'login.errors.expired' && (
            <Button variant="secondary" className="mt-3" onClick={onRestart}>
              {t('login.restart')}
            </Button>
          )}
        </Alert>
      )}
      <Button type="submit" className="w-full" busy={complete.isPending}>
        {t('login.submit')}
      </Button>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => {
          setUseRecovery((r) => !r);
          form.setFieldValues({ code: '', recoveryCode: '' });
        }}
      >
        {useRecovery ? t('login.useCode') : t('login.useRecovery')}
      </Button>
    </form>
  );
}
