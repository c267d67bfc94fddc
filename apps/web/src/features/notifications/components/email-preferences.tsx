import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionalEmailKind } from '@vizita/shared/contracts/notifications';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Spinner } from '../../../components/ui/spinner';
import { EMAIL_KIND_KEYS } from '../../../lib/notification-labels';
import { useEmailPreferences, useUpdateEmailPreference } from '../api/email-preferences';

/**
 * "E-mail notifications" (issue #20): one switch per kind the reader's role receives, saved as it
 * is changed. The essential ones — a cancellation, a move, a reassignment — are shown on and
 * cannot be changed. On the patient's profile and on a staff member's security page.
 */
export function EmailPreferences() {
  const { t } = useTranslation('notifications');
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreference();
  const headingId = useId();
  const essentialId = useId();

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('email.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('email.intro')}</p>
        {preferences.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner size="sm" />
            {t('email.loading')}
          </p>
        ) : preferences.isError ? (
          <Alert tone="error">{t('email.loadFailed')}</Alert>
        ) : (
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('email.title')}</legend>
            <p id={essentialId} className="sr-only">
              {t('email.essential')}
            </p>
            {preferences.data.map((preference) => (
              <div key={preference.kind}>
                <CheckboxField
                  label={t(EMAIL_KIND_KEYS[preference.kind])}
                  checked={preference.email}
                  disabled={preference.essential || update.isPending}
                  aria-describedby={preference.essential ? essentialId : undefined}
                  onChange={(event) =>
                    update.mutate({
                      // Only the optional kinds are ever enabled, so only they change.
                      kind: preference.kind as OptionalEmailKind,
                      email: event.target.checked,
                    })
                  }
                />
                {preference.essential && (
                  <p aria-hidden="true" className="mt-1 ml-8 text-xs text-slate-600">
                    {t('email.essential')}
                  </p>
                )}
              </div>
            ))}
          </fieldset>
        )}
        {/* Heard when a choice was saved; not a "status" role, which the page's loading has. */}
        <p aria-live="polite" className="text-sm text-slate-700">
          {update.isSuccess ? t('email.saved') : ''}
        </p>
        {update.isError && <Alert tone="error">{t('email.saveFailed')}</Alert>}
      </section>
    </Card>
  );
}
