import { useState, type FormEvent } from 'react';
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
import { useValidationMessage } from '../../../lib/i18n';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { useInviteDoctor } from '../api/invite-doctor';
import { DoctorCommonFields } from './doctor-common-fields';
import {
  EMPTY_INVITE,
  parseInviteFields,
  type FieldErrors,
  type InviteFields,
} from './doctor-fields';

/**
 * Invites a doctor: the account is created with no usable password and the doctor gets a
 * single-use link to choose one. One specialty and language here; more through "Edit".
 */
export function InviteDoctorForm() {
  const { t } = useTranslation('admin');
  const message = useValidationMessage();
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const [form, setForm] = useState(EMPTY_INVITE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInviteDoctor();
  const set = (field: keyof InviteFields, value: string | string[]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseInviteFields(form);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    invite.mutate(parsed.data, { onSuccess: () => setForm(EMPTY_INVITE) });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="space-y-3">
        <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
          {t('doctors.inviteHeading')}
        </h2>
        <p className="text-sm text-slate-700">{t('doctors.inviteIntro')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('doctors.email')}
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            error={message(errors.email)}
            required
          />
          <TextField
            label={t('doctors.firstName')}
            value={form.firstName}
            onChange={(e) => set('firstName', e.target.value)}
            error={message(errors.firstName)}
            required
          />
          <TextField
            label={t('doctors.lastName')}
            value={form.lastName}
            onChange={(e) => set('lastName', e.target.value)}
            error={message(errors.lastName)}
            required
          />
          <SelectField
            label={t('doctors.specialty')}
            value={form.specialties[0] ?? ''}
            onChange={(e) => set('specialties', [e.target.value])}
            error={message(errors.specialties)}
          >
            {SPECIALTY_CODES.map((code) => (
              <option key={code} value={code}>
                {specialtyNames([code])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('doctors.language')}
            value={form.languages[0] ?? ''}
            onChange={(e) => set('languages', [e.target.value])}
            error={message(errors.languages)}
          >
            {CONSULTATION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageNames([code])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('doctors.mailLanguage')}
            value={form.locale}
            onChange={(e) => set('locale', e.target.value)}
            error={message(errors.locale)}
          >
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {languageNames([code])}
              </option>
            ))}
          </SelectField>
          <DoctorCommonFields value={form} onChange={set} errors={errors} />
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
