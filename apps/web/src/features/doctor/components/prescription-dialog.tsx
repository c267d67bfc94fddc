import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  issueClinicalDocumentSchema,
  PRESCRIPTION_ITEMS_MAX,
  type PrescriptionItem,
} from '@vizita/shared/contracts/clinical-documents';
import type { Locale } from '@vizita/shared/constants';
import type { RequestedMedication } from '@vizita/shared/contracts/prescription-request-details';
import {
  catalogueMedicine,
  MEDICINE_CATALOGUE,
  MEDICINE_FORMS,
  type MedicineForm,
} from '@vizita/shared/domain/medicine-catalogue';
import { MEDICINE_FORM_KEYS } from '../../../components/requested-medication';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { formSchema } from '../../../lib/form-schema';
import { isLocale } from '@vizita/shared/constants';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSubmitClinicalDocument } from '../hooks/use-submit-clinical-document';
import {
  ClinicalDocumentDialog,
  type ClinicalDocumentDialogProps,
} from './clinical-document-dialog';
import { TextAreaField } from './clinical-document-fields';

/** One medicine as the form holds it: `catalogue` is the chosen ATC code, or '' (typed freely). */
type ItemFields = {
  key: string;
  catalogue: string;
  medicine: string;
  strength: string;
  form: string;
  dosage: string;
  quantity: string;
  instructions: string;
};
type Fields = { items: ItemFields[] };

let nextKey = 0;
const emptyItem = (): ItemFields => ({
  key: `item-${nextKey++}`,
  catalogue: '',
  medicine: '',
  strength: '',
  form: '',
  dosage: '',
  quantity: '',
  instructions: '',
});

const itemOf = (item: PrescriptionItem): ItemFields => ({
  ...emptyItem(),
  catalogue: item.atc && catalogueMedicine(item.atc) ? item.atc : '',
  medicine: item.medicine,
  strength: item.strength,
  form: item.form,
  dosage: item.dosage,
  quantity: item.quantity,
  instructions: item.instructions,
});

/**
 * A prescription request's medicine as the first item (issue #21): a catalogue medicine named in
 * the interface language, with the strength and form asked for — else the catalogue's first —
 * leaving the dosage and the quantity to the doctor.
 */
function itemOfRequest(medication: RequestedMedication, locale: Locale): ItemFields {
  const known = medication.atc ? catalogueMedicine(medication.atc) : undefined;
  return {
    ...emptyItem(),
    catalogue: known ? known.atc : '',
    medicine: known ? known.name[locale] : medication.medicine,
    strength: medication.strength || (known?.strengths[0] ?? ''),
    form: medication.form ?? known?.forms[0] ?? '',
  };
}

/** Judged as POST …/clinical-documents takes a prescription; issues land on the item's field. */
const prescriptionFormSchema = formSchema({
  schema: issueClinicalDocumentSchema,
  toInput: (f: Fields) => ({
    kind: 'prescription',
    content: {
      items: f.items.map(({ key: _key, catalogue, ...item }) => ({
        atc: catalogue === '' ? null : catalogue,
        ...item,
      })),
    },
  }),
  fieldOf: (path) =>
    path[0] === 'content' ? path.slice(1).map((key) => (key === 'atc' ? 'catalogue' : key)) : path,
});

/** The choices of a select: the catalogue's, with the current value kept should it differ. */
const withCurrent = (options: readonly string[], current: string) =>
  current === '' || options.includes(current) ? options : [current, ...options];

/**
 * "Write a prescription" (issue #21): one to five medicines, each picked from the catalogue —
 * which fills the name in the interface language, the ATC code, its strengths and forms — or
 * typed freely; with the dosage, the quantity and instructions for the patient. Answering a
 * prescription request, it starts with the medicine asked for.
 */
export function PrescriptionDialog({
  appointmentId,
  document,
  prefill,
  onClose,
  onDone,
}: ClinicalDocumentDialogProps) {
  const { t, i18n } = useTranslation('clinicalDocuments');
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const submission = useSubmitClinicalDocument(appointmentId, document);
  const [initial] = useState<Fields>(() => ({
    items:
      document && 'items' in document.content
        ? document.content.items.map(itemOf)
        : [prefill ? itemOfRequest(prefill, locale) : emptyItem()],
  }));
  const form = useSchemaForm({ schema: prescriptionFormSchema, defaultValues: initial });
  const busy = form.isSubmitting;
  const catalogue = useMemo(
    () =>
      [...MEDICINE_CATALOGUE].sort((a, b) => a.name[locale].localeCompare(b.name[locale], locale)),
    [locale],
  );
  const { items } = form.values;

  const pick = (index: number, atc: string) => {
    const item = items[index]!;
    const medicine = catalogueMedicine(atc);
    form.setValue(
      `items.${index}`,
      medicine
        ? {
            ...item,
            catalogue: atc,
            medicine: medicine.name[locale],
            strength: medicine.strengths[0] ?? '',
            form: medicine.forms[0] ?? '',
          }
        : { ...item, catalogue: '', medicine: '', strength: '', form: '' },
    );
    submission.reset();
  };

  const submit = form.handleSubmit(async (request) => {
    try {
      onDone(await submission.submit(request));
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <ClinicalDocumentDialog
      kind="prescription"
      document={document}
      busy={busy}
      errorText={submission.errorKey && t(submission.errorKey)}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      {items.map((item, index) => {
        const chosen = item.catalogue === '' ? undefined : catalogueMedicine(item.catalogue);
        const number = index + 1;
        return (
          <fieldset
            key={item.key}
            disabled={busy}
            className="space-y-3 rounded-lg border border-slate-200 p-3"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {t('prescription.item', { number })}
            </legend>
            <SelectField
              label={t('prescription.catalogue')}
              name={`items.${index}.catalogue`}
              value={item.catalogue}
              onChange={(event) => pick(index, event.target.value)}
              hint={
                chosen
                  ? t('prescription.atc', { code: chosen.atc })
                  : t('prescription.catalogueHint')
              }
            >
              <option value="">{t('prescription.typed')}</option>
              {catalogue.map((medicine) => (
                <option key={medicine.atc} value={medicine.atc}>
                  {medicine.name[locale]}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('prescription.medicine')}
              {...form.field(`items.${index}.medicine`)}
              readOnly={chosen !== undefined}
              maxLength={120}
              required
            />
            <div className="grid gap-3 sm:grid-cols-2">
              {chosen ? (
                <SelectField
                  label={t('prescription.strength')}
                  {...form.field(`items.${index}.strength`)}
                  required
                >
                  {withCurrent(chosen.strengths, item.strength).map((strength) => (
                    <option key={strength} value={strength}>
                      {strength}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <TextField
                  label={t('prescription.strength')}
                  {...form.field(`items.${index}.strength`)}
                  placeholder={t('prescription.strengthExample')}
                  maxLength={40}
                  required
                />
              )}
              <SelectField
                label={t('prescription.form')}
                {...form.field(`items.${index}.form`)}
                error={form.errors[`items.${index}.form`] && t('prescription.formRequired')}
                placeholder={chosen ? undefined : t('prescription.formChoose')}
                required
              >
                {(chosen ? withCurrent(chosen.forms, item.form) : MEDICINE_FORMS).map((value) => (
                  <option key={value} value={value}>
                    {t(MEDICINE_FORM_KEYS[value as MedicineForm])}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              label={t('prescription.dosage')}
              {...form.field(`items.${index}.dosage`)}
              placeholder={t('prescription.dosageExample')}
              maxLength={200}
              required
            />
            <TextField
              label={t('prescription.quantity')}
              {...form.field(`items.${index}.quantity`)}
              placeholder={t('prescription.quantityExample')}
              maxLength={80}
              required
            />
            <TextAreaField
              label={t('prescription.instructions')}
              field={form.field(`items.${index}.instructions`)}
              hint={t('prescription.instructionsHint')}
              maxLength={500}
              rows={2}
            />
            {items.length > 1 && (
              <Button variant="ghost" onClick={() => form.remove('items', index)}>
                {t('prescription.remove', { number })}
              </Button>
            )}
          </fieldset>
        );
      })}
      {items.length < PRESCRIPTION_ITEMS_MAX && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => form.append('items', emptyItem())}
        >
          {t('prescription.add')}
        </Button>
      )}
      <p className="text-xs text-slate-600">
        {t('prescription.itemsMax', { max: PRESCRIPTION_ITEMS_MAX })}
      </p>
    </ClinicalDocumentDialog>
  );
}
