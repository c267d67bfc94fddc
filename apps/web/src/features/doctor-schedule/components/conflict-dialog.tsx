import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelBookedFormSchema,
  scheduleConflictErrorSchema,
  type ScheduleConflict,
} from '@vizita/shared/contracts/schedule';
import { AppointmentWhen } from '../../../components/appointment-when';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { isApiError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';

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
  const form = useSchemaForm({
    schema: cancelBookedFormSchema,
    defaultValues: { cancelReason: '' },
  });
  const [failed, setFailed] = useState(false);
  const introId = useId();
  const busy = form.isSubmitting;

  const submit = form.handleSubmit(async ({ cancelReason }) => {
    setFailed(false);
    try {
      await onConfirm(cancelReason);
    } catch {
      setFailed(true);
    }
  });

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
        <ReasonField
          label={t('conflict.reason')}
          field={form.field('cancelReason')}
          rows={3}
          disabled={busy}
        />
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
