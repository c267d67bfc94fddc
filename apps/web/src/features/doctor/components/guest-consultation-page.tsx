import { useTranslation } from 'react-i18next';
import { GuestConsultationForm } from '../../../components/guest-consultation-form';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /doctor/guest-consultations/new — the doctor arranges a video consultation in their own calendar
 * for a person without an account (issue #12), who is invited by e-mail.
 */
export function DoctorGuestConsultationPage({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation('doctor');
  return (
    <div className="space-y-6">
      <PageTitle title={t('guest.page.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('guest.page.title')}</h1>
        <p className="mt-1 max-w-prose text-slate-700">{t('guest.page.intro')}</p>
      </div>
      <Card>
        <GuestConsultationForm
          doctor={{ kind: 'self', doctorId }}
          appointmentPath={(id) => `/doctor/appointments/${encodeURIComponent(id)}`}
          back={{ to: '/doctor', label: t('guest.page.back') }}
        />
      </Card>
    </div>
  );
}
