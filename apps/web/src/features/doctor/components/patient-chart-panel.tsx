import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/spinner';
import { formatCalendarDate, formatInstantDate } from '../../../lib/dates';
import { GENDER_KEYS, INSURANCE_TYPE_KEYS } from '../../../lib/profile-labels';
import { usePatientChart } from '../api/get-patient-chart';
import { DependantNote } from './dependant-note';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The patient's health profile for this appointment, opened on request: the read is written to
 * the audit log (ADR 0016), so it is not fetched just because the page was opened.
 */
export function PatientChartPanel({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('doctor');
  const { t: tProfile } = useTranslation('profile');
  const { t: tMedical } = useTranslation('medical');
  const [open, setOpen] = useState(false);
  const chart = usePatientChart(appointmentId, open);
  const none = t('chart.none');

  let body;
  if (!open) {
    body = (
      <div className="mt-3 space-y-2">
        <p className="text-sm text-slate-700">{t('chart.notice')}</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('chart.show')}
        </Button>
      </div>
    );
  } else if (chart.isError) {
    body = <Alert tone="error">{t('chart.error')}</Alert>;
  } else if (!chart.data) {
    body = <LoadingState label={t('chart.loading')} />;
  } else {
    const c = chart.data;
    const gender =
      c.gender && c.gender in GENDER_KEYS
        ? tMedical(GENDER_KEYS[c.gender as keyof typeof GENDER_KEYS])
        : none;
    const insurance =
      c.insuranceType && c.insuranceType in INSURANCE_TYPE_KEYS
        ? tMedical(INSURANCE_TYPE_KEYS[c.insuranceType as keyof typeof INSURANCE_TYPE_KEYS])
        : null;
    body = (
      <>
        <DependantNote dependant={c.dependant} className="mt-3" />
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <Row label={t('chart.name')} value={`${c.firstName} ${c.lastName}`} />
          <Row
            label={t('chart.age')}
            value={
              c.age !== null && c.birthDate
                ? t('chart.ageValue', {
                    age: c.age,
                    date: formatCalendarDate(c.birthDate) ?? c.birthDate,
                  })
                : none
            }
          />
          <Row label={tProfile('fields.gender')} value={gender} />
          <Row label={t('chart.country')} value={c.countryCode ?? none} />
          <Row label={tProfile('fields.city')} value={c.city ?? none} />
          {c.nationalId && <Row label={tProfile('fields.nationalId')} value={c.nationalId} />}
          {insurance && <Row label={tProfile('fields.insuranceType')} value={insurance} />}
          {c.insuranceCompany && (
            <Row label={tProfile('fields.insuranceCompany')} value={c.insuranceCompany} />
          )}
          {c.insuranceNumber && (
            <Row label={tProfile('fields.insuranceNumber')} value={c.insuranceNumber} />
          )}
        </dl>
        <p className="mt-3 text-xs text-slate-600">
          {t('chart.accessUntil', { date: formatInstantDate(c.accessUntil) ?? c.accessUntil })}
        </p>
      </>
    );
  }
  return (
    <Card>
      <section aria-labelledby="patient-chart">
        <h2 id="patient-chart" className="text-lg font-semibold text-slate-900">
          {t('chart.heading')}
        </h2>
        {body}
      </section>
    </Card>
  );
}
