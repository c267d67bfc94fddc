import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { formatMinorAmount } from '../../../lib/money';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { useAdminDoctors } from '../api/get-admin-doctors';
import { useReactivateDoctor } from '../api/reactivate-doctor';
import { useResendInvite } from '../api/resend-invite';
import { DeactivateDoctorDialog } from './deactivate-doctor-dialog';
import { DoctorHoursDialog } from './doctor-hours-dialog';
import { DoctorOnCall } from './doctor-on-call';
import { EditDoctorDialog } from './edit-doctor-dialog';
import { InviteDoctorForm } from './invite-doctor-form';

type Open = { kind: 'edit' | 'hours' | 'deactivate'; id: string } | null;

function DoctorRow({ doctor, onOpen }: { doctor: AdminDoctor; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('admin');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const reactivate = useReactivateDoctor();
  const resend = useResendInvite();
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-slate-900">{doctor.name}</p>
          <p className="break-words text-slate-700">{doctor.email}</p>
          <p className="text-slate-700">
            {t('doctors.summary', {
              specialties: specialtyNames(doctor.specialties),
              fee: formatMinorAmount(doctor.feeMinor),
              zone: doctor.timeZone,
            })}
          </p>
          <p className="text-slate-700">
            {doctor.followUpFeeMinor === null
              ? t('doctors.followUpFeeSame')
              : t('doctors.followUpFeeLine', { fee: formatMinorAmount(doctor.followUpFeeMinor) })}
          </p>
          <p className="text-slate-700">
            {doctor.prescriptionFeeMinor === null
              ? t('doctors.prescriptionFeeSame')
              : t('doctors.prescriptionFeeLine', {
                  fee: formatMinorAmount(doctor.prescriptionFeeMinor),
                })}
          </p>
          <p className="text-slate-700">
            {t('doctors.languagesLine', {
              languages: languageNames(doctor.languages),
              minutes: doctor.slotMinutes,
            })}
          </p>
          <p className="text-slate-700">
            <span
              className={doctor.active ? 'font-medium text-teal-800' : 'font-medium text-red-700'}
            >
              {doctor.active ? t('doctors.active') : t('doctors.inactive')}
            </span>
            {doctor.invited && ` · ${t('doctors.pendingInvite')}`} ·{' '}
            {t('doctors.upcoming', { count: doctor.upcoming })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Button variant="secondary" onClick={() => onOpen({ kind: 'edit', id: doctor._id })}>
            {t('doctors.edit', { name: doctor.name })}
          </Button>
          <Button variant="secondary" onClick={() => onOpen({ kind: 'hours', id: doctor._id })}>
            {t('doctors.hours', { name: doctor.name })}
          </Button>
          {doctor.invited && (
            <Button
              variant="secondary"
              busy={resend.isPending}
              onClick={() => resend.mutate(doctor._id)}
            >
              {t('doctors.resendInvite', { name: doctor.name })}
            </Button>
          )}
          {doctor.active ? (
            <Button
              variant="secondary"
              onClick={() => onOpen({ kind: 'deactivate', id: doctor._id })}
            >
              {t('doctors.deactivate', { name: doctor.name })}
            </Button>
          ) : (
            <>
              {doctor.upcoming > 0 && (
                <Button
                  variant="secondary"
                  onClick={() => onOpen({ kind: 'deactivate', id: doctor._id })}
                >
                  {t('doctors.cancelUpcoming', { name: doctor.name })}
                </Button>
              )}
              <Button
                variant="secondary"
                busy={reactivate.isPending}
                onClick={() => reactivate.mutate(doctor._id)}
              >
                {t('doctors.reactivate', { name: doctor.name })}
              </Button>
            </>
          )}
        </div>
      </div>
      {/* An invited doctor has not signed in yet, so cannot take the patients who would wait. */}
      {doctor.active && !doctor.invited && <DoctorOnCall doctor={doctor} />}
      {resend.isSuccess && (
        <Alert tone="success">{t('doctors.invited', { email: doctor.email })}</Alert>
      )}
      {(resend.isError || reactivate.isError) && <Alert tone="error">{t('failed')}</Alert>}
    </li>
  );
}

/**
 * /admin — the clinic's doctors: invite, edit, deactivate (then cancel their bookings),
 * reactivate, and switch a doctor's "available now" on or off.
 */
export function AdminDoctorsPage() {
  const { t } = useTranslation('admin');
  const doctors = useAdminDoctors();
  const [open, setOpen] = useState<Open>(null);
  const chosen = open && doctors.data?.find((d) => d._id === open.id);
  return (
    <div className="space-y-6">
      <PageTitle title={t('doctors.title')} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('doctors.title')}</h1>
      <InviteDoctorForm />
      <Card>
        <section aria-labelledby="doctor-list">
          <h2 id="doctor-list" className="text-lg font-semibold text-slate-900">
            {t('doctors.listHeading')}
          </h2>
          {doctors.data ? (
            doctors.data.length === 0 ? (
              <p className="py-3 text-sm text-slate-700">{t('doctors.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {doctors.data.map((d) => (
                  <DoctorRow key={d._id} doctor={d} onOpen={setOpen} />
                ))}
              </ul>
            )
          ) : doctors.isError ? (
            <ErrorState message={t('loadFailed')} onRetry={() => void doctors.refetch()} />
          ) : (
            <LoadingState />
          )}
        </section>
      </Card>
      {chosen && open.kind === 'edit' && (
        <EditDoctorDialog doctor={chosen} onClose={() => setOpen(null)} />
      )}
      {chosen && open.kind === 'hours' && (
        <DoctorHoursDialog doctor={chosen} onClose={() => setOpen(null)} />
      )}
      {chosen && open.kind === 'deactivate' && (
        <DeactivateDoctorDialog doctor={chosen} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
