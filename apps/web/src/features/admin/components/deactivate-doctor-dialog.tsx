import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeactivateDoctor } from '../api/deactivate-doctor';
import { CancelUpcoming } from './cancel-upcoming';

/**
 * Deactivates a doctor after a confirmation, then offers their upcoming appointments for
 * cancellation with refunds (a deactivation alone cancels nothing).
 */
export function DeactivateDoctorDialog({
  doctor,
  onClose,
}: {
  doctor: AdminDoctor;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const questionId = useId();
  const deactivate = useDeactivateDoctor();
  // Opened for a doctor already deactivated, it only lists their bookings: named so throughout.
  const [openedActive] = useState(doctor.active);
  const deactivated = deactivate.isSuccess || !doctor.active;

  return (
    <Dialog
      title={
        openedActive
          ? t('doctors.deactivateHeading', { name: doctor.name })
          : t('doctors.upcomingOf', { name: doctor.name })
      }
      onClose={onClose}
      dismissible={!deactivate.isPending}
      role={deactivated ? 'dialog' : 'alertdialog'}
      descriptionId={deactivated ? undefined : questionId}
    >
      {deactivated ? (
        <div className="space-y-4">
          {openedActive && (
            <Alert tone="success">{t('doctors.deactivated', { name: doctor.name })}</Alert>
          )}
          <CancelUpcoming doctorId={doctor._id} />
          <Button variant="secondary" onClick={onClose}>
            {t('doctors.close')}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <p id={questionId} className="text-sm text-slate-700">
            {t('doctors.deactivateQuestion', { count: doctor.upcoming })}
          </p>
          {deactivate.isError && <Alert tone="error">{t('failed')}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button busy={deactivate.isPending} onClick={() => deactivate.mutate(doctor._id)}>
              {t('doctors.confirmDeactivate')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={deactivate.isPending}>
              {t('doctors.keepActive')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
