import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { acceptInviteFormSchema } from '@vizita/shared/contracts/admin';
import { AuthenticatorSecret } from '../../../components/authenticator-secret';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAcceptInvite } from '../api/accept-invite';
import { useCheckInvite } from '../api/check-invite';
import { useInviteTwoFactor } from '../api/invite-two-factor';

/** Why a link cannot be used, as a key of the `admin` namespace. */
function linkErrorKey(error: unknown) {
  if (isApiError(error) && error.code === 'inviteTokenExpired') return 'invite.expired' as const;
  if (isApiError(error) && error.statusCode === 429) return 'invite.tooMany' as const;
  if (isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500))
    return 'invite.failed' as const;
  return 'invite.invalid' as const;
}

function Unusable({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('invite.unusableHeading')}</h1>
      <Alert tone="error">{t(linkErrorKey(error))}</Alert>
      <Link to="/" className={buttonClasses('secondary', 'w-full')}>
        {t('invite.toSignIn')}
      </Link>
    </div>
  );
}

function Accepted({ email }: { email: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-4">
      <h1
        ref={focusOnMount}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {t('invite.doneHeading')}
      </h1>
      <p className="text-slate-700">{t('invite.doneText', { email })}</p>
      <Link to="/" className={buttonClasses('primary', 'w-full')}>
        {t('invite.toSignIn')}
      </Link>
    </div>
  );
}

/** Why the form was refused, when the link itself is fine. */
function FormFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const { t: tSecurity } = useTranslation('security');
  const code = isApiError(error) ? error.code : undefined;
  if (code === 'twoFactorCodeWrong') return <Alert tone="error">{tSecurity('errors.code')}</Alert>;
  if (code === 'tooManyRequests') return <Alert tone="error">{t('invite.tooMany')}</Alert>;
  return <Alert tone="error">{t('invite.failed')}</Alert>;
}

/**
 * The password and the second factor in one form (ADR 0023): the link proves the mailbox, so
 * nobody who later learns the password can connect a phone of their own.
 */
function SetUpAccount({
  token,
  firstName,
  email,
}: {
  token: string;
  firstName: string;
  email: string;
}) {
  const { t } = useTranslation('admin');
  const { t: tSecurity } = useTranslation('security');
  const secret = useInviteTwoFactor(token);
  const accept = useAcceptInvite();
  const [codesSaved, setCodesSaved] = useState(false);
  const form = useSchemaForm({
    schema: acceptInviteFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '', code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword, code }) => {
    try {
      await accept.mutateAsync({ token, password: newPassword, code });
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  if (accept.isSuccess)
    return codesSaved ? (
      <Accepted email={accept.data.email} />
    ) : (
      <RecoveryCodes codes={accept.data.recoveryCodes} onDone={() => setCodesSaved(true)} fresh />
    );
  for (const failed of [accept, secret])
    if (failed.isError && isApiError(failed.error) && failed.error.code?.startsWith('inviteToken'))
      return <Unusable error={failed.error} />;
  if (secret.isError) return <Unusable error={secret.error} />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">
          {t('invite.heading', { name: firstName })}
        </h1>
        <p className="text-slate-700">{t('invite.intro', { email })}</p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
        <section aria-labelledby="invite-password-heading" className="space-y-3">
          <h2 id="invite-password-heading" className="text-lg font-semibold text-slate-900">
            {t('invite.passwordHeading')}
          </h2>
          {/* Lets a password manager store the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
          <NewPasswordFields
            password={form.field('newPassword')}
            confirmation={form.field('confirmPassword')}
          />
        </section>
        <section aria-labelledby="invite-two-factor-heading" className="space-y-3">
          <h2 id="invite-two-factor-heading" className="text-lg font-semibold text-slate-900">
            {tSecurity('twoFactor.scanHeading')}
          </h2>
          <p className="text-sm text-slate-700">{t('invite.twoFactorIntro')}</p>
          {secret.isSuccess ? (
            <AuthenticatorSecret secret={secret.data.secret} qrSvg={secret.data.qrSvg} />
          ) : (
            <LoadingState />
          )}
          <TextField
            label={tSecurity('twoFactor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.field('code')}
          />
        </section>
        {accept.isError && <FormFailure error={accept.error} />}
        <Button
          type="submit"
          className="w-full"
          busy={form.isSubmitting}
          disabled={form.hasEmptyField || !secret.isSuccess}
        >
          {t('invite.submit')}
        </Button>
      </form>
    </div>
  );
}

/**
 * /accept-invite?token= — an invited doctor chooses their own password and connects their
 * authenticator app, saves the recovery codes, then signs in with both.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation('admin');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const check = useCheckInvite(token);

  let content;
  if (!token) content = <Unusable error={null} />;
  else if (check.isError) content = <Unusable error={check.error} />;
  else if (check.isSuccess)
    content = (
      <SetUpAccount token={token} firstName={check.data.firstName} email={check.data.email} />
    );
  else content = <LoadingState label={t('invite.checking')} />;

  return (
    <Card className="mx-auto w-full max-w-md">
      <PageTitle title={t('invite.title')} />
      {content}
    </Card>
  );
}
