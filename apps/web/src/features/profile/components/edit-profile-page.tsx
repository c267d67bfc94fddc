import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DELAYS } from '@vizita/shared/constants';
import type { Profile } from '@vizita/shared/contracts/profile';
import { MARKET_COUNTRY_CODES } from '@vizita/shared/domain/profile-options';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useTimeout } from '../../../lib/use-timeout';
import { useUpdateProfile } from '../api/update-profile';
import { updateProfileErrorKey } from '../utils/error-keys';
import { saveThenRefreshSession } from '../utils/save-then-refresh';
import { editProfileFormSchema, profileFieldValues } from '../utils/profile-form';
import { AddressFields, FormSection, NationalIdField, PersonalFields } from './profile-fields';
import { InsuranceFields } from '../../../components/insurance-fields';
import { ProfileLoader } from './profile-loader';
import { FormActions } from '../../../components/ui/form-actions';

function Saved() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const backToProfile = () => void navigate('/dashboard/profile');
  // Spec §2: back to the profile after 2 seconds.
  useTimeout(backToProfile, DELAYS.profileSaveRedirectMs);
  return (
    <div ref={focusOnMount} tabIndex={-1} className="space-y-5 focus:outline-none">
      <Alert tone="success">
        <p className="font-semibold">{t('edit.successTitle')}</p>
        <p className="mt-1">{t('edit.successText')}</p>
      </Alert>
      <Button className="w-full sm:w-auto" onClick={backToProfile}>
        {t('edit.backToProfile')}
      </Button>
    </div>
  );
}

function EditProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const form = useSchemaForm({
    schema: editProfileFormSchema,
    defaultValues: profileFieldValues(profile, MARKET_COUNTRY_CODES),
  });

  const onSubmit = form.handleSubmit((payload) =>
    saveThenRefreshSession(payload, {
      save: update.mutateAsync,
      refresh: onSaved,
      onRejected: (error) => form.setServerErrors(error),
    }),
  );

  if (update.isSuccess) return <Saved />;

  const { country } = form.values;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <FormSection title={t('sections.personal')}>
        <PersonalFields form={form} required={false} />
      </FormSection>
      <FormSection title={t('sections.address')}>
        <AddressFields form={form} required={false} countries={MARKET_COUNTRY_CODES} />
      </FormSection>
      {country === 'BG' && (
        <FormSection title={t('sections.additional')}>
          <NationalIdField form={form} />
        </FormSection>
      )}
      {country === 'DE' && (
        <FormSection title={t('sections.insurance')}>
          <InsuranceFields form={form} />
        </FormSection>
      )}

      {update.isError && <Alert tone="error">{t(updateProfileErrorKey(update.error))}</Alert>}

      <FormActions>
        <Button variant="secondary" onClick={() => void navigate('/dashboard/profile')}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('edit.saving') : t('edit.save')}
        </Button>
      </FormActions>
    </form>
  );
}

/**
 * /dashboard/edit-profile (spec §2): every field optional; the national ID with BG, the
 * insurance with DE. `onSaved` refreshes the session's status (the app passes the store's).
 */
export function EditProfilePage({ onSaved }: { onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle title={t('edit.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('edit.title')}</h1>
        <p className="mt-1 text-slate-700">{t('edit.subtitle')}</p>
      </div>
      <Card>
        <ProfileLoader>
          {(profile) => <EditProfileForm profile={profile} onSaved={onSaved} />}
        </ProfileLoader>
      </Card>
    </div>
  );
}
