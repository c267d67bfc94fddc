import { useId, useState } from 'react';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { useSchemaForm, type FormSchema } from '../../../lib/use-schema-form';

/** The texts of one such dialog, already in the reader's language. */
export type StaffReasonCopy = {
  title: string;
  intro: string;
  reason: string;
  keep: string;
  confirm: string;
  counter?: (count: number, max: number) => string;
};

/**
 * A doctor ends something with a reason the patient reads — cancels a consultation, declines a
 * prescription request — under the shared schema's 10–500 characters. A refusal the server
 * names a field for is shown at the field; any other in `refusal`'s words below the form.
 * Mounted only while open.
 */
export function StaffReasonDialog({
  copy,
  schema,
  submit,
  refusal,
  onClose,
  onDone,
}: {
  copy: StaffReasonCopy;
  /** A schema of `{ reason }` alone (a cancellation's may also allow what the server ignores). */
  schema: FormSchema<{ reason: string }, { reason: string }>;
  /** Sends the reason; a throw is the server's refusal. */
  submit: (reason: string) => Promise<unknown>;
  /** The refusal in the doctor's words. */
  refusal: (error: unknown) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useSchemaForm({ schema, defaultValues: { reason: '' } });
  const introId = useId();
  const [error, setError] = useState<unknown>(null);
  // Whether the server's refusal named the field (then it is shown there, not below it).
  const [fieldRejected, setFieldRejected] = useState(false);
  const busy = form.isSubmitting;

  const send = form.handleSubmit(async ({ reason }) => {
    setError(null);
    setFieldRejected(false);
    try {
      await submit(reason);
      onDone();
    } catch (refused) {
      setError(refused);
      setFieldRejected(form.setServerErrors(refused));
    }
  });

  return (
    <Dialog title={copy.title} descriptionId={introId} onClose={onClose} dismissible={!busy}>
      <p id={introId} className="mt-2 text-sm text-slate-700">
        {copy.intro}
      </p>
      <form
        noValidate
        onSubmit={(event) => void send(event)}
        className="mt-4 space-y-3"
        aria-busy={busy || undefined}
      >
        <ReasonField
          label={copy.reason}
          field={form.field('reason')}
          disabled={busy}
          counter={copy.counter}
        />
        {error !== null && !fieldRejected && <Alert tone="error">{refusal(error)}</Alert>}
        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {copy.keep}
          </Button>
          <Button type="submit" busy={busy}>
            {copy.confirm}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
