import { useTranslation } from 'react-i18next';
import { registerFormSchema } from '@vizita/shared/contracts/auth';
import { bookingLinkPath, parseBookingLinkPath } from '@vizita/shared/domain/booking-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TermsReadNote } from '../../../components/terms-read-note';
import { TextField } from '../../../components/ui/text-field';
import { readBookingIntent } from '../../../lib/booking-intent';
import { isLocale } from '@vizita/shared/constants';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRegister } from '../api/register';
import { registerErrorKey } from '../utils/error-keys';

/**
 * The booking link of a time chosen on a public doctor page (issue #22), for the validation mail's
 * link to return to: the address may be confirmed in another browser, which remembers nothing.
 */
function returnToOfIntent(language: string): string | undefined {
  const intent = readBookingIntent();
  if (!intent) return undefined;
  const path = bookingLinkPath({
    slug: intent.slug,
    at: intent.at,
    ...(isLocale(language) ? { lang: language } : {}),
  });
  // Only what the server accepts: an unreadable leftover must not fail the registration.
  return parseBookingLinkPath(path) ? path : undefined;
}

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  repeatPassword: '',
  termsAccepted: false,
};

export function RegistrationForm({
  onRegistered,
}: {
  onRegistered: (result: { emailValidationRequired: boolean }) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const registration = useRegister();

  const form = useSchemaForm({ schema: registerFormSchema, defaultValues: emptyForm });

  const onSubmit = form.handleSubmit(async ({ repeatPassword: _repeat, ...values }) => {
    try {
      // The repeat field is checked here and never sent (spec §3).
      const returnTo = returnToOfIntent(i18n.language);
      const result = await registration.mutateAsync({
        ...values,
        termsAccepted: true,
        ...(returnTo ? { returnTo } : {}),
      });
      form.reset();
      onRegistered(result);
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="register-heading"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3"
    >
      <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <TextField
          label={t('fields.firstName')}
          autoComplete="given-name"
          {...form.field('firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          {...form.field('lastName')}
        />
      </div>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <NewPasswordFields
        registration
        password={form.field('password')}
        confirmation={form.field('repeatPassword')}
      />
      <CheckboxField label={t('fields.terms')} {...form.field('termsAccepted')} />
      <TermsReadNote ns="auth" />

      {registration.isError && (
        <Alert tone="error">{t(registerErrorKey(registration.error))}</Alert>
      )}

      <Button type="submit" className="w-full" busy={form.isSubmitting}>
        {form.isSubmitting ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
