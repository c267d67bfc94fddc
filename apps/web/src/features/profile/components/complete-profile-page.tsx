import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Profile } from '@vizita/shared/contracts/profile';
import { COUNTRY_CODES } from '@vizita/shared/domain/profile-options';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TermsReadNote } from '../../../components/terms-read-note';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { bookingCalendarPath } from '../../../lib/booking-intent';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { saveThenRefreshSession } from '../utils/save-then-refresh';
import { useCompleteProfile } from '../api/complete-profile';
import { useProfile } from '../api/get-profile';
import { completeProfileErrorKey } from '../utils/error-keys';
import { completeProfileFormSchema, profileFieldValues } from '../utils/profile-form';
import { AddressFields, FormSection, NationalIdField, PersonalFields } from './profile-fields';
import { InsuranceFields } from '../../../components/insurance-fields';
import { FormActions } from '../../../components/ui/form-actions';

function Completed() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  return (
    // The form is gone with its submit button: the focus moves to what replaced it.
    <div ref={focusOnMount} tabIndex={-1} className="space-y-5 focus:outline-none">
      <Alert tone="success">
        <p className="font-semibold">{t('complete.success')}</p>
        <p className="mt-1">{t('complete.successText')}</p>
      </Alert>
      <Button
        className="w-full sm:w-auto"
        onClick={() => void navigate(bookingCalendarPath() ?? '/dashboard')}
      >
        {t('complete.continue')}
      </Button>
    </div>
  );
}

function CompleteProfileForm({
  profile,
  onCompleted,
}: {
  profile: Profile | undefined;
  onCompleted: () => Promise<unknown>;
}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const completion = useCompleteProfile();
  const form = useSchemaForm({
    schema: completeProfileFormSchema,
    defaultValues: {
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
      ...profileFieldValues(profile, COUNTRY_CODES),
      termsAccepted: false,
    },
  });

  const onSubmit = form.handleSubmit(async (payload) => {
    let saved = true;
    await saveThenRefreshSession(payload, {
      save: completion.mutateAsync,
      refresh: onCompleted,
      onRejected: (error) => {
        saved = false;
        form.setServerErrors(error);
      },
    });
    // A time chosen on a public doctor page before signing in (issue #22): the profile was all
    // its booking waited for. After the refresh, so the booking page's guard sees it complete.
    const booking = saved ? bookingCalendarPath() : null;
    if (booking) await navigate(booking, { replace: true });
  });

  if (completion.isSuccess) return <Completed />;

  const { country } = form.values;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <p className="text-sm text-slate-700">{t('fields.requiredNote')}</p>
      <FormSection title={t('sections.personal')}>
        <TextField
          label={t('fields.firstName')}
          autoComplete="given-name"
          required
          {...form.field('firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          required
          {...form.field('lastName')}
        />
        <PersonalFields form={form} required />
      </FormSection>
      <FormSection title={t('sections.address')}>
        <AddressFields form={form} required countries={COUNTRY_CODES} />
      </FormSection>
      {country === 'BG' && (
        <FormSection title={t('sections.bulgaria')}>
          <NationalIdField form={form} />
        </FormSection>
      )}
      {country === 'DE' && (
        <FormSection title={t('sections.germany')}>
          <InsuranceFields form={form} />
        </FormSection>
      )}
      <CheckboxField label={t('fields.terms')} required {...form.field('termsAccepted')} />
      <TermsReadNote ns="profile" />

      {completion.isError && (
        <Alert tone="error">{t(completeProfileErrorKey(completion.error))}</Alert>
      )}

      <FormActions>
        <Button variant="secondary" onClick={() => void navigate('/dashboard')}>
          {t('complete.skip')}
        </Button>
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('complete.submitting') : t('complete.submit')}
        </Button>
      </FormActions>
    </form>
  );
}

/**
 * /complete-profile (spec §2): names prefilled from the profile; personal, address and market
 * sections; terms. Gender, date of birth, street, city and country are required (ADR 0008).
 * `onCompleted` refreshes the session's status (the app passes the session store's).
 */
export function CompleteProfilePage({ onCompleted }: { onCompleted: () => Promise<unknown> }) {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle title={t('complete.title')} />
      <Card>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('complete.title')}</h1>
          <p className="text-slate-700">{t('complete.subtitle')}</p>
        </div>
        {profile.isPending ? (
          <LoadingState label={t('view.loading')} />
        ) : (
          // Without the profile the names are simply typed in: nothing is lost by not waiting.
          <CompleteProfileForm profile={profile.data} onCompleted={onCompleted} />
        )}
      </Card>
    </div>
  );
}
