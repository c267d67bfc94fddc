import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import { OnCallSwitch } from '../../../components/on-call-switch';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDoctorOnCall, useSetDoctorOnCall } from '../api/doctor-on-call';

/**
 * A doctor's "available now" in the clinic's list (issue #22): the admin switches it on for a
 * period or stops it for a doctor who cannot reach the console, and sees how many patients wait.
 */
export function DoctorOnCall({ doctor }: { doctor: Pick<AdminDoctor, '_id' | 'name'> }) {
  const { t } = useTranslation('onDemand');
  const onCall = useDoctorOnCall(doctor._id);
  const set = useSetDoctorOnCall();

  if (onCall.isError)
    return <p className="text-sm text-red-700">{t('onCall.errors.loadFailed')}</p>;
  if (!onCall.data)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner size="sm" className="text-teal-700" />
        {t('onCall.loading')}
      </p>
    );
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-800">{t('onCall.heading')}</p>
      <OnCallSwitch
        until={onCall.data.until}
        busy={set.isPending}
        doctorName={doctor.name}
        onSet={(minutes) => set.mutate({ doctorId: doctor._id, minutes })}
      />
      {onCall.data.until !== null && (
        <p className="text-sm text-slate-700">
          {t('onCall.waiting', { count: onCall.data.waiting })}
        </p>
      )}
      {set.isError && <Alert tone="error">{t('onCall.errors.setFailed')}</Alert>}
    </div>
  );
}
