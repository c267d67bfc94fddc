import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN } from '@vizita/shared/contracts/appointments';
import {
  scheduleConflictErrorSchema,
  type ScheduleConflict,
} from '@vizita/shared/contracts/schedule';
import { AppointmentWhen } from '../../../components/appointment-when';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { FormActions } from '../../../components/ui/form-actions';
import { controlClasses } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';

/** The booked appointments a refused change named (409 scheduleConflict), if that is what it was. */
export function conflictsOf(error: unknown): ScheduleConflict[] | null {
  if (!isApiError(error) || error.code !== 'scheduleConflict') return null;
  const body = scheduleConflictErrorSchema.safeParse(error.data);
  return body.success ? (body.data.conflicts ?? []) : [];
}

/**
 * A change of hours would leave booked appointments outside them: the doctor sees which, and
 * either keeps the hours or cancels those appointments — each patient refunded in full and told
 * the reason given here (ADR 0012).
 */
export function ConflictDialog({
  conflicts,
  onClose,
  onConfirm,
}: {
  conflicts: ScheduleConflict[];
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('schedule');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const fieldId = useId();
  const introId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < CANCEL_REASON_MIN) return setError(t('conflict.reasonTooShort'));
    setError(null);
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm(reason.trim());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('conflict.title')}
      descriptionId={introId}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={introId} className="mt-2 text-sm text-slate-700">
        {t('conflict.intro')}
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {conflicts.map((c) => (
          <li key={c._id} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
            <AppointmentWhen date={c.date} slot={c.slot} /> — {c.patientName}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
        <div className="space-y-1.5">
          <FieldLabel htmlFor={fieldId} required>
            {t('conflict.reason')}
          </FieldLabel>
          <textarea
            id={fieldId}
            rows={3}
            required
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-error`}
            className={controlClasses(Boolean(error))}
          />
          <FieldError id={`${fieldId}-error`} error={error ?? undefined} />
        </div>
        {failed && <Alert tone="error">{t('conflict.failed')}</Alert>}
        <FormActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('conflict.keep')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('conflict.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
