import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  twoFactorConfirmRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupRequestSchema,
} from '@vizita/shared/contracts/two-factor';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { AuthenticatorSecret } from '../../../components/authenticator-secret';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { FormActions } from '../../../components/ui/form-actions';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorKey } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm, type FieldProps } from '../../../lib/use-schema-form';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

/** The security namespace's text for a refusal of a two-factor change. */
const FAILURE_KEYS = {
  currentPasswordIncorrect: 'errors.password',
  twoFactorCodeWrong: 'errors.code',
  tooManyRequests: 'errors.tooMany',
  twoFactorStaffRequired: 'errors.staff',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

function failureKey(error: unknown) {
  return errorKey(error, FAILURE_KEYS, 'errors.generic');
}

/** The password again, as every change of the second factor asks for it. */
function PasswordInput(field: FieldProps<string>) {
  const { t } = useTranslation('security');
  return (
    <TextField
      label={t('twoFactor.password')}
      type="password"
      autoComplete="current-password"
      {...field}
    />
  );
}

/** A code of the authenticator app. */
function CodeInput(field: FieldProps<string>) {
  const { t } = useTranslation('security');
  return (
    <TextField
      label={t('twoFactor.code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      {...field}
    />
  );
}

/** Password, then the QR code and a first code, then the recovery codes (shown once). */
function TurnOn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const passwordForm = useSchemaForm({
    schema: twoFactorSetupRequestSchema,
    defaultValues: { password: '' },
  });
  const codeForm = useSchemaForm({
    schema: twoFactorEnableRequestSchema,
    defaultValues: { code: '' },
  });

  const start = passwordForm.handleSubmit(({ password }) => setup.mutate(password));
  const confirm = codeForm.handleSubmit(({ code }) => enable.mutate(code));

  if (enable.isSuccess)
    return <RecoveryCodes codes={enable.data.recoveryCodes} onDone={onDone} fresh />;

  if (setup.isSuccess)
    return (
      <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
        <h3 ref={focusOnMount} tabIndex={-1} className="font-semibold text-slate-900">
          {t('twoFactor.scanHeading')}
        </h3>
        <AuthenticatorSecret secret={setup.data.secret} qrSvg={setup.data.qrSvg} />
        <CodeInput {...codeForm.field('code')} />
        {enable.isError && <Alert tone="error">{t(failureKey(enable.error))}</Alert>}
        <Button type="submit" busy={enable.isPending}>
          {t('twoFactor.turnOn')}
        </Button>
      </form>
    );

  return (
    <form noValidate onSubmit={(event) => void start(event)} className="space-y-3">
      <PasswordInput {...passwordForm.field('password')} />
      {setup.isError && <Alert tone="error">{t(failureKey(setup.error))}</Alert>}
      <Button type="submit" busy={setup.isPending}>
        {t('twoFactor.continue')}
      </Button>
    </form>
  );
}

/** Password and a current code: new recovery codes, or turning it off (patients only). */
function Confirmed({
  action,
  onCancel,
  onDone,
}: {
  action: 'codes' | 'off';
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const newCodes = useNewRecoveryCodes();
  const turnOff = useDisableTwoFactor();
  const mutation = action === 'codes' ? newCodes : turnOff;
  const form = useSchemaForm({
    schema: twoFactorConfirmRequestSchema,
    defaultValues: { password: '', code: '' },
  });

  const submit = form.handleSubmit((input) => {
    if (action === 'codes') newCodes.mutate(input);
    else turnOff.mutate(input, { onSuccess: onDone });
  });

  if (action === 'codes' && newCodes.isSuccess)
    return <RecoveryCodes codes={newCodes.data.recoveryCodes} onDone={onDone} />;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 ref={focusOnMount} tabIndex={-1} className="font-semibold text-slate-900">
        {action === 'codes' ? t('twoFactor.newCodesHeading') : t('twoFactor.offHeading')}
      </h3>
      <PasswordInput {...form.field('password')} />
      <CodeInput {...form.field('code')} />
      {mutation.isError && <Alert tone="error">{t(failureKey(mutation.error))}</Alert>}
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {action === 'codes' ? t('twoFactor.newCodes') : t('twoFactor.turnOff')}
        </Button>
      </FormActions>
    </form>
  );
}

/** Two-factor sign-in: its state, and turning it on, off, or renewing the recovery codes. */
export function TwoFactorSection() {
  const { t } = useTranslation('security');
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<'idle' | 'on' | 'codes' | 'off'>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string | null) => () => {
    setMode('idle');
    setNotice(text);
  };

  let body;
  if (!status.data)
    body = status.isError ? (
      <ErrorState message={t('errors.load')} onRetry={() => void status.refetch()} />
    ) : (
      <LoadingState />
    );
  else if (mode === 'on') body = <TurnOn onDone={done(t('twoFactor.isOnNow'))} />;
  else if (mode === 'codes' || mode === 'off')
    body = (
      <Confirmed
        action={mode}
        onCancel={done(null)}
        onDone={done(mode === 'off' ? t('twoFactor.isOffNow') : null)}
      />
    );
  else
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-800">
          {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </p>
        {status.data.required && !status.data.enabled && (
          <Alert tone="info">{t('twoFactor.requiredForStaff')}</Alert>
        )}
        {status.data.enabled && (
          <p className="text-sm text-slate-700">
            {t('twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
          </p>
        )}
        {notice && <Alert tone="success">{notice}</Alert>}
        <div className="flex flex-wrap gap-2">
          {status.data.enabled ? (
            <>
              <Button variant="secondary" onClick={() => setMode('codes')}>
                {t('twoFactor.newCodes')}
              </Button>
              {!status.data.required && (
                <Button variant="secondary" onClick={() => setMode('off')}>
                  {t('twoFactor.turnOff')}
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => setMode('on')}>{t('twoFactor.setUp')}</Button>
          )}
        </div>
      </div>
    );

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          {t('twoFactor.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('twoFactor.intro')}</p>
      </div>
      {body}
    </section>
  );
}
