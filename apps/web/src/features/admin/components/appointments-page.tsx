import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link } from 'react-router';
import {
  adminAppointmentQuerySchema,
  type AdminAppointment,
  type AdminAppointmentQuery,
} from '@vizita/shared/contracts/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatShortDateTime } from '../../../lib/dates';
import { formatMinorAmount } from '../../../lib/money';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAdminAppointments } from '../api/get-admin-appointments';
import { Pager } from './pager';
import { APPOINTMENT_STATUS_KEYS, PAYMENT_STATUS_KEYS, keyOf } from './status-labels';

const linkClasses =
  'rounded font-semibold text-teal-800 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

function useLabels() {
  const { t } = useTranslation('admin');
  return {
    when: (a: AdminAppointment) => formatShortDateTime(a.startsAt) ?? a.startsAt,
    status: (a: AdminAppointment) => {
      const key = keyOf(APPOINTMENT_STATUS_KEYS, a.status);
      return key ? t(key) : a.status;
    },
    payment: (a: AdminAppointment) => {
      if (!a.payment) return t('payment.none');
      const key = keyOf(PAYMENT_STATUS_KEYS, a.payment.status);
      return t('payment.line', {
        amount: formatMinorAmount(a.payment.amountMinor),
        currency: a.payment.currency,
        status: key ? t(key) : a.payment.status,
      });
    },
  };
}

type SearchFields = { patient: string; doctor: string; from: string; to: string; status: string };

/** The search as GET /api/admin/appointments takes it: a blank field searches by nothing. */
const searchSchema = formSchema({
  schema: adminAppointmentQuerySchema,
  toInput: (fields: SearchFields) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')),
});

/** Wide screens: one row per appointment. */
function ResultsTable({ items }: { items: AdminAppointment[] }) {
  const { t } = useTranslation('admin');
  const personName = usePersonName();
  const label = useLabels();
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <caption className="sr-only">{t('appointments.title')}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-3">
            {t('appointments.when')}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t('appointments.patientColumn')}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t('appointments.doctorColumn')}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t('appointments.statusLabel')}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t('payment.heading')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((a) => (
          <tr key={a._id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 whitespace-nowrap">
              <Link to={`/admin/appointments/${a._id}`} className={linkClasses}>
                <time dateTime={a.startsAt}>{label.when(a)}</time>
              </Link>
            </td>
            <td className="py-2 pr-3">
              <span className="block">{personName(a.patient.name)}</span>
              <span className="block break-all text-slate-600">{a.patient.email}</span>
            </td>
            <td className="py-2 pr-3">{a.doctor.name}</td>
            <td className="py-2 pr-3">{label.status(a)}</td>
            <td className="py-2 pr-3">{label.payment(a)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: one card per appointment. */
function ResultCards({ items }: { items: AdminAppointment[] }) {
  const { t } = useTranslation('admin');
  const personName = usePersonName();
  const label = useLabels();
  return (
    <ul className="divide-y divide-slate-100 md:hidden">
      {items.map((a) => (
        <li key={a._id} className="space-y-1 py-3 text-sm">
          <Link to={`/admin/appointments/${a._id}`} className={linkClasses}>
            <time dateTime={a.startsAt}>{label.when(a)}</time>
          </Link>
          <p className="text-slate-900">{label.status(a)}</p>
          <p className="break-words text-slate-700">
            {t('appointments.patientLine', {
              name: personName(a.patient.name),
              email: a.patient.email,
            })}
          </p>
          <p className="text-slate-700">{t('appointments.doctorLine', { name: a.doctor.name })}</p>
          <p className="text-slate-700">{label.payment(a)}</p>
        </li>
      ))}
    </ul>
  );
}

/** /admin/appointments — find any appointment by patient, doctor, dates and status. */
export function AdminAppointmentsPage() {
  const { t } = useTranslation('admin');
  const form = useSchemaForm({
    schema: searchSchema,
    defaultValues: { patient: '', doctor: '', from: '', to: '', status: '' },
  });
  const [query, setQuery] = useState<AdminAppointmentQuery>({});
  const [page, setPage] = useState(1);
  const result = useAdminAppointments({ ...query, page });

  const search = form.handleSubmit((next) => {
    setPage(1);
    setQuery(next);
  });

  return (
    <div className="space-y-6">
      <PageTitle title={t('appointments.title')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('appointments.title')}</h1>
        <Link
          to="/admin/guest-consultations/new"
          className={buttonClasses('secondary', 'shrink-0 self-start')}
        >
          {t('guestConsultation.new')}
        </Link>
      </div>
      <Card>
        <form
          onSubmit={(event) => void search(event)}
          noValidate
          role="search"
          aria-label={t('appointments.search')}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          <TextField label={t('appointments.patient')} {...form.field('patient')} />
          <TextField label={t('appointments.doctor')} {...form.field('doctor')} />
          <SelectField label={t('appointments.statusLabel')} {...form.field('status')}>
            <option value="">{t('appointments.anyStatus')}</option>
            {Object.entries(APPOINTMENT_STATUS_KEYS).map(([value, key]) => (
              <option key={value} value={value}>
                {t(key)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('appointments.from')} type="date" {...form.field('from')} />
          <TextField label={t('appointments.to')} type="date" {...form.field('to')} />
          <Button type="submit" className="self-end">
            {t('appointments.search')}
          </Button>
        </form>
      </Card>
      <Card>
        <section aria-labelledby="admin-results">
          <h2 id="admin-results" className="text-lg font-semibold text-slate-900">
            {t('appointments.results', { count: result.data?.total ?? 0 })}
          </h2>
          {result.data ? (
            <>
              {result.data.items.length === 0 ? (
                <p className="py-3 text-sm text-slate-700">{t('appointments.noResults')}</p>
              ) : (
                <>
                  <ResultsTable items={result.data.items} />
                  <ResultCards items={result.data.items} />
                </>
              )}
              <Pager page={page} total={result.data.total} onPage={setPage} />
            </>
          ) : result.isError ? (
            <ErrorState message={t('loadFailed')} onRetry={() => void result.refetch()} />
          ) : (
            <LoadingState />
          )}
        </section>
      </Card>
    </div>
  );
}
