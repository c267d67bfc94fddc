import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '@vizita/shared/contracts/auth';
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

/** Why a link cannot be used, as a key of the `admin` namespace. */
function linkErrorKey(error: unknown) {
  if (isApiError(error) && error.code === 'inviteTokenExpired') return 'invite.expired' as const;
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

function ChoosePassword({
  token,
  firstName,
  email,
}: {
  token: string;
  firstName: string;
  email: string;
}) {
  const { t } = useTranslation('admin');
  const { t: tAuth } = useTranslation('auth');
  const accept = useAcceptInvite();
  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await accept.mutateAsync({ token, password: newPassword });
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  if (accept.isSuccess) return <Accepted email={accept.data.email} />;
  if (accept.isError && isApiError(accept.error) && accept.error.code?.startsWith('inviteToken'))
    return <Unusable error={accept.error} />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">
          {t('invite.heading', { name: firstName })}
        </h1>
        <p className="text-slate-700">{t('invite.intro', { email })}</p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        {/* Lets a password manager store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          label={tAuth('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={tAuth('fields.passwordRules')}
          revealLabel={tAuth('fields.showNewPassword')}
          {...form.field('newPassword')}
        />
        <TextField
          label={tAuth('fields.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          revealLabel={tAuth('fields.showConfirmPassword')}
          {...form.field('confirmPassword')}
        />
        {accept.isError && <Alert tone="error">{t('invite.failed')}</Alert>}
        <Button
          type="submit"
          className="w-full"
          busy={form.isSubmitting}
          disabled={form.hasEmptyField}
        >
          {t('invite.submit')}
        </Button>
      </form>
    </div>
  );
}

/** /accept-invite?token= — an invited doctor chooses their own password, then signs in. */
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
      <ChoosePassword token={token} firstName={check.data.firstName} email={check.data.email} />
    );
  else content = <LoadingState label={t('invite.checking')} />;

  return (
    <Card className="mx-auto w-full max-w-md">
      <PageTitle title={t('invite.title')} />
      {content}
    </Card>
  );
}
