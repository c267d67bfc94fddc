import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import { SPECIALTY_CODES } from '@vizita/shared/domain/specialties';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateDoctor } from '../api/update-doctor';
import { CheckboxGroup } from './checkbox-group';
import { DoctorCommonFields } from './doctor-common-fields';
import { doctorFormSchema, fieldsOf } from './doctor-fields';

/** Edits a doctor's title, specialties, languages, zone, consultation length and fee. */
export function EditDoctorDialog({
  doctor,
  onClose,
}: {
  doctor: AdminDoctor;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const form = useSchemaForm({ schema: doctorFormSchema, defaultValues: fieldsOf(doctor) });
  const update = useUpdateDoctor();

  const submit = form.handleSubmit((body) =>
    update.mutate({ id: doctor._id, body }, { onSuccess: onClose }),
  );

  return (
    <Dialog
      title={t('doctors.editHeading', { name: doctor.name })}
      onClose={onClose}
      dismissible={!update.isPending}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <DoctorCommonFields field={form.field} />
        </div>
        <CheckboxGroup
          legend={t('doctors.specialties')}
          options={SPECIALTY_CODES.map((code) => ({ value: code, label: specialtyNames([code]) }))}
          field={form.field('specialties')}
        />
        <CheckboxGroup
          legend={t('doctors.languages')}
          options={CONSULTATION_LANGUAGES.map((code) => ({
            value: code,
            label: languageNames([code]),
          }))}
          field={form.field('languages')}
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
