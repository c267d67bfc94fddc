import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  MEDICATION_LEFT,
  PRESCRIPTION_REASON_MAX,
} from '@vizita/shared/contracts/prescription-request-details';
import type { PrescriptionRequestOption } from '@vizita/shared/contracts/prescription-requests';
import { PRESCRIPTION_ANSWER_HOURS } from '@vizita/shared/domain/prescription-requests';
import { usePrescriptionRequestOptions } from '../../../api/get-prescription-request-options';
import { MEDICATION_LEFT_KEYS, useMedicationLine } from '../../../components/requested-medication';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { describedByIds, FieldError } from '../../../components/ui/field-error';
import { PageTitle } from '../../../components/ui/page-title';
import { ReasonField } from '../../../components/reason-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatInstantDate } from '../../../lib/dates';
import { formatAmount } from '../../../lib/money';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreatePrescriptionRequest } from '../api/create-prescription-request';
import { createErrorKey } from '../utils/error-keys';
import {
  earlierChoice,
  OTHER_MEDICINE,
  requestFormSchema,
  type RequestFields,
} from '../utils/request-form';

const legendClasses = 'text-sm font-medium text-slate-800';
const radioClasses =
  'mt-0.5 size-5 shrink-0 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';
const choiceClasses =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-900 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 hover:border-teal-400';

/** A radio's own (visually hidden when it is a card) error description and invalid state. */
type ChoiceState = { describedBy: string | undefined; invalid: true | undefined };

/** The price as the patient reads it: "25.00 EUR", or "Free". */
function usePriceText() {
  const { t } = useTranslation('prescriptionRequests');
  return (option: Pick<PrescriptionRequestOption, 'price' | 'currency'>) =>
    option.price === 0
      ? t('page.free')
      : // An amount and its currency code read alike in every language ("25.00 EUR").
        `${formatAmount(option.price)} ${option.currency}`;
}

/** One doctor to ask: the name is the radio's name, the rest describes it. */
function DoctorChoice({
  option,
  checked,
  state,
  onChoose,
}: {
  option: PrescriptionRequestOption;
  checked: boolean;
  state: ChoiceState;
  onChoose: () => void;
}) {
  const { t } = useTranslation('prescriptionRequests');
  const specialties = useSpecialtyNames();
  const priceText = usePriceText();
  const nameId = useId();
  const detailsId = useId();
  const specialty = specialties(option.doctor.specialties.slice(0, 1));
  return (
    <label className={choiceClasses}>
      <input
        type="radio"
        name="doctorId"
        value={option.doctor._id}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={nameId}
        aria-describedby={describedByIds(detailsId, state.describedBy)}
        aria-invalid={state.invalid}
        className={radioClasses}
      />
      <span className="min-w-0">
        <span id={nameId} className="block font-semibold break-words">
          {option.doctor.name}
        </span>
        <span id={detailsId} className="block text-slate-700">
          {specialty && <span className="block">{specialty}</span>}
          <span className="block">
            {t('page.lastVisit', {
              date: formatInstantDate(option.lastVisit) ?? option.lastVisit,
            })}
          </span>
          <span className="block">{t('page.priceLine', { price: priceText(option) })}</span>
        </span>
      </span>
    </label>
  );
}

/** A plain radio with its text, in a card. */
function Choice({
  name,
  value,
  checked,
  state,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  state: ChoiceState;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className={choiceClasses}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        aria-describedby={state.describedBy}
        aria-invalid={state.invalid}
        className={radioClasses}
      />
      <span className="min-w-0 break-words">{children}</span>
    </label>
  );
}

/** The request's form, for the doctors the patient may ask (at least one). */
function RequestForm({
  options,
  preselected,
}: {
  options: readonly PrescriptionRequestOption[];
  preselected: string | null;
}) {
  const { t } = useTranslation('prescriptionRequests');
  const navigate = useNavigate();
  const medicationLine = useMedicationLine();
  const priceText = usePriceText();
  const create = useCreatePrescriptionRequest();
  const schema = useMemo(() => requestFormSchema(options), [options]);
  const [initial] = useState<RequestFields>(() => {
    // The doctor named by the link (a consultation's card), else the only one there is.
    const doctor =
      options.find((o) => o.doctor._id === preselected) ??
      (options.length === 1 ? options[0] : undefined);
    return {
      doctorId: doctor?.doctor._id ?? '',
      choice: doctor && doctor.medications.length === 0 ? OTHER_MEDICINE : '',
      medicine: '',
      strength: '',
      reason: '',
      left: '',
    };
  });
  const form = useSchemaForm({ schema, defaultValues: initial });
  const noteId = useId();
  // Whether the server's refusal named a field (then it is shown there, not below the form).
  const [fieldRejected, setFieldRejected] = useState(false);
  const busy = form.isSubmitting;
  const { values } = form;
  const doctor = options.find((o) => o.doctor._id === values.doctorId);

  const doctorField = form.field('doctorId');
  const choiceField = form.field('choice');
  const leftField = form.field('left');
  const reasonField = form.field('reason');
  const stateOf = (field: {
    'aria-describedby': string | undefined;
    error: string | undefined;
  }) => ({
    describedBy: field['aria-describedby'],
    invalid: field.error ? (true as const) : undefined,
  });

  const chooseDoctor = (next: PrescriptionRequestOption) => {
    // Another doctor prescribed other medicines: the choice starts again, typed text stays.
    const typed = values.choice === OTHER_MEDICINE;
    form.setFieldValues({
      doctorId: next.doctor._id,
      choice: typed || next.medications.length === 0 ? OTHER_MEDICINE : '',
    });
    create.reset();
  };

  const submit = form.handleSubmit(async (request) => {
    setFieldRejected(false);
    try {
      const result = await create.mutateAsync(request);
      // The hosted checkout, as a booking's; a free request is sent already.
      if (result.outcome === 'checkout') window.location.assign(result.sessionUrl);
      else void navigate('/dashboard/appointments');
    } catch (error) {
      setFieldRejected(form.setServerErrors(error));
    }
  });

  const paid = doctor ? doctor.price > 0 : true;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-6"
      aria-busy={busy || undefined}
    >
      <fieldset disabled={busy} className="space-y-2">
        <legend className={legendClasses}>{t('page.doctor')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => (
            <DoctorChoice
              key={option.doctor._id}
              option={option}
              checked={values.doctorId === option.doctor._id}
              state={stateOf(doctorField)}
              onChoose={() => chooseDoctor(option)}
            />
          ))}
        </div>
        <FieldError
          id={doctorField.errorId}
          error={doctorField.error && t('page.doctorRequired')}
        />
      </fieldset>

      {doctor && (
        <fieldset disabled={busy} className="space-y-2">
          <legend className={legendClasses}>{t('page.medicine')}</legend>
          <p className="text-xs text-slate-600">
            {doctor.medications.length > 0
              ? t('page.medicineHint', { name: doctor.doctor.name })
              : t('page.medicineNoneEarlier', { name: doctor.doctor.name })}
          </p>
          <div className="space-y-2">
            {doctor.medications.map((medication, index) => (
              <Choice
                key={`${medication.atc ?? ''}-${medication.medicine}-${medication.strength}`}
                name="choice"
                value={earlierChoice(index)}
                checked={values.choice === earlierChoice(index)}
                state={stateOf(choiceField)}
                onChoose={() => {
                  form.setFieldValues({ choice: earlierChoice(index) });
                  create.reset();
                }}
              >
                {medicationLine(medication)}
              </Choice>
            ))}
            <Choice
              name="choice"
              value={OTHER_MEDICINE}
              checked={values.choice === OTHER_MEDICINE}
              state={stateOf(choiceField)}
              onChoose={() => {
                form.setFieldValues({ choice: OTHER_MEDICINE });
                create.reset();
              }}
            >
              {t('page.other')}
            </Choice>
          </div>
          <FieldError
            id={choiceField.errorId}
            error={choiceField.error && t('page.medicineRequired')}
          />
          {values.choice === OTHER_MEDICINE && (
            <div className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
              <TextField
                label={t('page.medicineName')}
                {...form.field('medicine')}
                autoComplete="off"
                maxLength={120}
                required
              />
              <TextField
                label={t('page.strength')}
                {...form.field('strength')}
                hint={t('page.strengthHint')}
                autoComplete="off"
                maxLength={40}
              />
            </div>
          )}
        </fieldset>
      )}

      <ReasonField
        label={t('page.reason')}
        field={reasonField}
        hint={t('page.reasonHint')}
        counter={(count, max) => t('page.counter', { count, max })}
        max={PRESCRIPTION_REASON_MAX}
        disabled={busy}
      />

      <fieldset disabled={busy} className="space-y-2">
        <legend className={legendClasses}>{t('page.left')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MEDICATION_LEFT.map((left) => (
            <Choice
              key={left}
              name="left"
              value={left}
              checked={values.left === left}
              state={stateOf(leftField)}
              onChoose={() => {
                form.setFieldValues({ left });
                create.reset();
              }}
            >
              {t(MEDICATION_LEFT_KEYS[left])}
            </Choice>
          ))}
        </div>
        <FieldError id={leftField.errorId} error={leftField.error && t('page.leftRequired')} />
      </fieldset>

      {doctor && (
        <div id={noteId} className="space-y-1 rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
          <p>
            <span className="font-semibold">{t('page.price')}</span> {priceText(doctor)}
          </p>
          <p>{t('page.answerNote', { hours: PRESCRIPTION_ANSWER_HOURS })}</p>
        </div>
      )}

      {create.isError && !fieldRejected && (
        <Alert tone="error">{t(createErrorKey(create.error))}</Alert>
      )}

      <Button type="submit" busy={busy} aria-describedby={doctor ? noteId : undefined}>
        {paid ? t('page.pay') : t('page.send')}
      </Button>
    </form>
  );
}

/**
 * /dashboard/prescriptions/new[?doctor=<id>] — a repeat prescription asked for without a call
 * (issue #21, the spec's "Prescription Request"): of a doctor the patient had a consultation with
 * in the last 12 months, the medicine (one of that doctor's earlier prescriptions, or typed), why,
 * and how much is left; then the hosted checkout as for a booking, or — free — sent at once.
 */
export function PrescriptionRequestPage() {
  const { t } = useTranslation('prescriptionRequests');
  const [params] = useSearchParams();
  const options = usePrescriptionRequestOptions();

  let content: ReactNode;
  if (options.isError)
    content = (
      <ErrorState
        message={t('page.loadError')}
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
      />
    );
  else if (!options.data) content = <LoadingState label={t('page.loading')} />;
  else if (options.data.length === 0)
    content = (
      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">{t('page.noneTitle')}</h2>
        <p className="text-slate-700">{t('page.none')}</p>
        <Link to="/calendar" className={buttonClasses('primary')}>
          {t('page.book')}
        </Link>
      </Card>
    );
  else
    content = (
      <Card>
        <RequestForm options={options.data} preselected={params.get('doctor')} />
      </Card>
    );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <PageTitle title={t('page.title')} />
      <Link to="/dashboard/appointments" className="text-sm font-medium text-teal-800 underline">
        {t('page.back')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">
          {t('page.intro', { hours: PRESCRIPTION_ANSWER_HOURS })}
        </p>
      </div>
      {content}
    </div>
  );
}
