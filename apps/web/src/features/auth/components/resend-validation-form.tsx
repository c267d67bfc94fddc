import { useTranslation } from 'react-i18next';
import { emailOnlyRequestSchema } from '@vizita/shared/contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResendValidationEmail } from '../api/resend-validation-email';
import { resendErrorKey } from '../utils/error-keys';

/** Asks for a new validation link (spec §2 E-mail validation, failure state). */
export function ResendValidationForm() {
  const { t } = useTranslation('auth');
  const resend = useResendValidationEmail();
  const form = useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resend.mutateAsync(values);
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <section aria-labelledby="resend-heading" className="space-y-4 text-left">
      <div>
        <h2 id="resend-heading" className="text-lg font-semibold text-slate-900">
          {t('resend.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('resend.intro')}</p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        {resend.isSuccess && <Alert tone="success">{t('resend.success')}</Alert>}
        {resend.isError && <Alert tone="error">{t(resendErrorKey(resend.error))}</Alert>}
        <Button type="submit" className="w-full" busy={form.isSubmitting}>
          {form.isSubmitting ? t('actions.sending') : t('resend.submit')}
        </Button>
      </form>
    </section>
  );
}
