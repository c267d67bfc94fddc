import { useTranslation } from 'react-i18next';
import { LOCALES } from '@vizita/shared/constants';
import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import { SPECIALTY_CODES } from '@vizita/shared/domain/specialties';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { useSchemaForm, type FieldProps } from '../../../lib/use-schema-form';
import { useInviteDoctor } from '../api/invite-doctor';
import { DoctorCommonFields } from './doctor-common-fields';
import { EMPTY_INVITE, inviteFormSchema } from './doctor-fields';

/** A list of choices offered as one select: the invitation takes one, "Edit" adds more. */
function oneOf({ value, onChange, ...rest }: FieldProps<string[]>) {
  return {
    ...rest,
    value: value[0] ?? '',
    onChange: (event: { target: { value: string } }) => onChange([event.target.value]),
  };
}

/**
 * Invites a doctor: the account is created with no usable password and the doctor gets a
 * single-use link to choose one. One specialty and language here; more through "Edit".
 */
export function InviteDoctorForm() {
  const { t } = useTranslation('admin');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const form = useSchemaForm({ schema: inviteFormSchema, defaultValues: EMPTY_INVITE });
  const invite = useInviteDoctor();

  const submit = form.handleSubmit((body) =>
    invite.mutate(body, { onSuccess: () => form.reset() }),
  );

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="invite-heading"
        className="space-y-3"
      >
        <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
          {t('doctors.inviteHeading')}
        </h2>
        <p className="text-sm text-slate-700">{t('doctors.inviteIntro')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('doctors.email')}
            type="email"
            autoComplete="off"
            {...form.field('email')}
            required
          />
          <TextField label={t('doctors.firstName')} {...form.field('firstName')} required />
          <TextField label={t('doctors.lastName')} {...form.field('lastName')} required />
          <SelectField label={t('doctors.specialty')} {...oneOf(form.field('specialties'))}>
            {SPECIALTY_CODES.map((code) => (
              <option key={code} value={code}>
                {specialtyNames([code])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('doctors.language')} {...oneOf(form.field('languages'))}>
            {CONSULTATION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageNames([code])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('doctors.mailLanguage')} {...form.field('locale')}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {languageNames([code])}
              </option>
            ))}
          </SelectField>
          <DoctorCommonFields field={form.field} />
        </div>
        {invite.isError && (
          <Alert tone="error">
            {isApiError(invite.error) && invite.error.code === 'emailTaken'
              ? t('doctors.emailTaken')
              : t('failed')}
          </Alert>
        )}
        {invite.isSuccess && (
          <Alert tone="success">{t('doctors.invited', { email: invite.data.email })}</Alert>
        )}
        <Button type="submit" busy={invite.isPending}>
          {t('doctors.invite')}
        </Button>
      </form>
    </Card>
  );
}
