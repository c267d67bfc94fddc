import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import { SPECIALTY_CODES } from '@vizita/shared/domain/specialties';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useValidationMessage } from '../../../lib/i18n';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { useUpdateDoctor } from '../api/update-doctor';
import { CheckboxGroup } from './checkbox-group';
import { DoctorCommonFields } from './doctor-common-fields';
import { fieldsOf, parseDoctorFields, type DoctorFields, type FieldErrors } from './doctor-fields';

/** Edits a doctor's title, specialties, languages, zone, consultation length and fee. */
export function EditDoctorDialog({
  doctor,
  onClose,
}: {
  doctor: AdminDoctor;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useValidationMessage();
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const [form, setForm] = useState(() => fieldsOf(doctor));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateDoctor();
  const set = (field: keyof DoctorFields, value: string | string[]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDoctorFields(form);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    update.mutate({ id: doctor._id, body: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={t('doctors.editHeading', { name: doctor.name })}
      onClose={onClose}
      dismissible={!update.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <DoctorCommonFields value={form} onChange={set} errors={errors} />
        </div>
        <CheckboxGroup
          legend={t('doctors.specialties')}
          options={SPECIALTY_CODES.map((code) => ({ value: code, label: specialtyNames([code]) }))}
          value={form.specialties}
          onChange={(next) => set('specialties', next)}
          error={message(errors.specialties)}
        />
        <CheckboxGroup
          legend={t('doctors.languages')}
          options={CONSULTATION_LANGUAGES.map((code) => ({
            value: code,
            label: languageNames([code]),
          }))}
          value={form.languages}
          onChange={(next) => set('languages', next)}
          error={message(errors.languages)}
        />
        {update.isError && <Alert tone="error">{t('failed')}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={update.isPending}>
            {t('doctors.save')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {t('doctors.close')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
