import { useTranslation } from 'react-i18next';
import {
  GuestConsultationForm,
  type DoctorOption,
} from '../../../components/guest-consultation-form';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { useAdminDoctors } from '../api/get-admin-doctors';

/**
 * /admin/guest-consultations/new — the clinic arranges a video consultation with one of its
 * doctors for a person without an account (issue #12), who is invited by e-mail.
 */
export function AdminGuestConsultationPage() {
  const { t } = useTranslation('admin');
  const doctors = useAdminDoctors();
  // A deactivated doctor has no calendar to book into.
  const options: DoctorOption[] | undefined = doctors.data
    ?.filter((d) => d.active)
    .map((d) => ({ id: d._id, name: d.name, timeZone: d.timeZone }));

  let content;
  if (options && options.length === 0)
    content = <p className="text-slate-700">{t('guestConsultation.noDoctors')}</p>;
  else if (options)
    content = (
      <GuestConsultationForm
        doctor={{ kind: 'choose', doctors: options }}
        appointmentPath={(id) => `/admin/appointments/${encodeURIComponent(id)}`}
        back={{ to: '/admin/appointments', label: t('guestConsultation.back') }}
      />
    );
  else if (doctors.isError)
    content = (
      <ErrorState
        message={t('loadFailed')}
        retrying={doctors.isFetching}
        onRetry={() => void doctors.refetch()}
      />
    );
  else content = <LoadingState />;

  return (
    <div className="space-y-6">
      <PageTitle title={t('guestConsultation.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('guestConsultation.title')}
        </h1>
        <p className="mt-1 max-w-prose text-slate-700">{t('guestConsultation.intro')}</p>
      </div>
      <Card>{content}</Card>
    </div>
  );
}
