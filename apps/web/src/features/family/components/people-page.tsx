import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dependant } from '@vizita/shared/contracts/family';
import { DEPENDANT_RELATIONSHIPS } from '@vizita/shared/domain/guardianship';
import { GENDERS, MARKET_COUNTRY_CODES } from '@vizita/shared/domain/profile-options';
import { useDependants } from '../../../api/get-dependants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FormActions } from '../../../components/ui/form-actions';
import { PageTitle } from '../../../components/ui/page-title';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatCalendarDate, formatInstantDate, toIsoDate } from '../../../lib/dates';
import { COUNTRY_KEYS, GENDER_KEYS } from '../../../lib/profile-labels';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { InsuranceFields } from '../../../components/insurance-fields';
import { useAddDependant } from '../api/add-dependant';
import { useSendHandover } from '../api/send-handover';
import { dependantFormSchema, EMPTY_DEPENDANT } from '../utils/dependant-form';
import { addErrorKey, handoverErrorKey } from '../utils/error-keys';

const RELATIONSHIP_KEYS = {
  child: 'relationship.child',
  adult_in_care: 'relationship.adultInCare',
} as const;

const STATE_KEYS = {
  minor: 'state.minor',
  of_age: 'state.ofAge',
  in_care: 'state.inCare',
  handed_over: 'state.handedOver',
} as const satisfies Record<Dependant['state'], string>;

/** The form that adds a person: names, birth, gender, relationship and their market's numbers. */
function AddPersonForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['family', 'profile', 'medical']);
  const add = useAddDependant();
  const form = useSchemaForm({ schema: dependantFormSchema, defaultValues: EMPTY_DEPENDANT });
  const [today] = useState(() => toIsoDate(new Date()));
  const { country } = form.values;

  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      await add.mutateAsync(payload);
      onDone();
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
        <TextField
          label={t('profile:fields.firstName')}
          required
          autoComplete="off"
          {...form.field('firstName')}
        />
        <TextField
          label={t('profile:fields.lastName')}
          required
          autoComplete="off"
          {...form.field('lastName')}
        />
        <TextField
          label={t('form.birthDate')}
          type="date"
          min="1900-01-01"
          max={today}
          required
          {...form.field('birthDate')}
        />
        <SelectField
          label={t('form.gender')}
          placeholder={t('profile:fields.selectGender')}
          required
          {...form.field('gender')}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(GENDER_KEYS[gender], { ns: 'medical' })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.relationship')}
          placeholder={t('form.selectRelationship')}
          required
          {...form.field('relationship')}
        >
          {DEPENDANT_RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {t(RELATIONSHIP_KEYS[relationship])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.country')}
          placeholder={t('form.selectCountry')}
          required
          {...form.field('country')}
          onChange={(event) =>
            form.setFieldValues({
              country: event.target.value,
              nationalIdNumber: '',
              'insurance.type': '',
              'insurance.company': '',
              'insurance.number': '',
            })
          }
        >
          {MARKET_COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {t(COUNTRY_KEYS[code], { ns: 'medical' })}
            </option>
          ))}
        </SelectField>
        {country === 'BG' && (
          <TextField
            label={t('profile:fields.nationalId')}
            hint={t('form.nationalIdHint')}
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            required
            className="sm:col-span-2"
            {...form.field('nationalIdNumber')}
          />
        )}
        {country === 'DE' && (
          <>
            <InsuranceFields form={form} />
          </>
        )}
      </div>
      {add.isError && <Alert tone="error">{t(addErrorKey(add.error))}</Alert>}
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={form.isSubmitting}>
          {t('form.submit')}
        </Button>
      </FormActions>
    </form>
  );
}

/** Invites a person who may keep their own record to take it into an account of their own. */
function HandoverForm({ person }: { person: Dependant }) {
  const { t } = useTranslation('family');
  const send = useSendHandover();
  const [email, setEmail] = useState('');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('handover.start')}
      </Button>
    );
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate({ id: person.id, email: email.trim() });
      }}
    >
      <p className="text-sm text-slate-700">{t('handover.intro', { name: person.firstName })}</p>
      <TextField
        label={t('handover.email', { name: person.firstName })}
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {send.isError && <Alert tone="error">{t(handoverErrorKey(send.error))}</Alert>}
      {send.isSuccess && <Alert tone="success">{t('handover.sent', { email })}</Alert>}
      <Button type="submit" busy={send.isPending}>
        {t('handover.send')}
      </Button>
    </form>
  );
}

function PersonCard({ person }: { person: Dependant }) {
  const { t } = useTranslation(['family', 'medical']);
  const headingId = useId();
  const handedOver = person.state === 'handed_over';
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {`${person.firstName} ${person.lastName}`}
        </h2>
        <span className="inline-flex shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-200">
          {t(STATE_KEYS[person.state])}
        </span>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('card.relationship')}</dt>
          <dd className="text-slate-900">{t(RELATIONSHIP_KEYS[person.relationship])}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('card.born')}</dt>
          <dd className="text-slate-900">
            {t('card.bornValue', {
              date: formatCalendarDate(person.birthDate) ?? person.birthDate,
              age: person.age,
            })}
          </dd>
        </div>
        {!handedOver && (
          <div>
            <dt className="text-slate-600">{t('card.identifier')}</dt>
            <dd className="break-words text-slate-900">
              {person.nationalIdNumber ??
                (person.insurance
                  ? `${person.insurance.company}, ${person.insurance.number}`
                  : t('card.none'))}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">{t('card.country')}</dt>
          <dd className="text-slate-900">{t(COUNTRY_KEYS[person.country], { ns: 'medical' })}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {handedOver
          ? t('card.handedOver', {
              date: formatInstantDate(person.handedOverAt ?? '') ?? '',
            })
          : person.mayBook
            ? t('card.mayBook')
            : t('card.mayNotBook')}
      </p>
      {person.handover && (
        <p className="mt-1 text-sm text-slate-700">
          {t('card.invited', {
            email: person.handover.email,
            date: formatInstantDate(person.handover.expiresAt) ?? '',
          })}
        </p>
      )}
      {person.mayHandOver && (
        <div className="mt-3">
          <HandoverForm person={person} />
        </div>
      )}
    </article>
  );
}

/**
 * /dashboard/people, "People in my account" (issue #22, ADR 0043): the children and adults in
 * care the account holder books for, with their identifiers, and the hand-over of a record to
 * its own account once its person may keep it.
 */
export function PeoplePage() {
  const { t } = useTranslation('family');
  const people = useDependants();
  const [adding, setAdding] = useState(false);

  let list;
  if (people.isError)
    list = <ErrorState message={t('list.error')} onRetry={() => void people.refetch()} />;
  else if (!people.data) list = <LoadingState label={t('list.loading')} />;
  else if (people.data.length === 0) list = <p className="text-slate-700">{t('list.empty')}</p>;
  else
    list = (
      <div className="space-y-4">
        {people.data.map((person) => (
          <PersonCard key={person.id} person={person} />
        ))}
      </div>
    );

  return (
    <div className="space-y-6">
      <PageTitle title={t('title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </div>
      {list}
      {adding ? (
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('form.heading')}</h2>
          <AddPersonForm onDone={() => setAdding(false)} />
        </Card>
      ) : (
        <Button onClick={() => setAdding(true)}>{t('form.open')}</Button>
      )}
    </div>
  );
}
