import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { FormActions } from './ui/form-actions';

/**
 * "Please complete your profile before booking an appointment. Would you like to complete it
 * now?" (spec §2), answered by the user: Complete Profile goes to /complete-profile. Asked by the
 * dashboard home and, handed in by the app, by the appointments list.
 */
export function CompleteProfileFirstDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const questionId = useId();
  return (
    <Dialog
      role="alertdialog"
      title={t('home.bookingGuard.title')}
      descriptionId={questionId}
      onClose={onClose}
    >
      <p id={questionId} className="mt-2 text-slate-700">
        {t('home.bookingGuard.question')}
      </p>
      <FormActions className="mt-6">
        <Button variant="secondary" onClick={onClose}>
          {t('home.bookingGuard.notNow')}
        </Button>
        <Button onClick={() => void navigate('/complete-profile')}>
          {t('home.bookingGuard.complete')}
        </Button>
      </FormActions>
    </Dialog>
  );
}
