import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { LEGAL_VERSIONS, type LegalDocument } from '@vizita/shared/domain/legal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { PageTitle } from '../../../components/ui/page-title';
import { isApiError } from '../../../lib/api-client';
import { formatLongCalendarDate } from '../../../lib/dates';
import { bookingCalendarPath } from '../../../lib/booking-intent';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAcceptConsents } from '../api/accept-consents';
import { PAGE_NAME_KEYS } from '../legal-texts';

/** Nothing is accepted unticked; the page says what to do in its own words. */
const consentFormSchema = z.object({ agreed: z.literal(true, 'invalidValue') });

/**
 * /consent — a signed-in patient whose terms or privacy notice changed since they accepted them
 * is asked once, here, before anything else (ADR 0024). The versions sent are the ones linked.
 * The app hands in the session's part: what is due, refreshing it, signing out, and the data
 * rights, so that not accepting is a real choice.
 */
export function ConsentPage({
  due,
  onAccepted,
  onSignOut,
  signingOut,
  children,
}: {
  due: readonly LegalDocument[];
  onAccepted: () => Promise<unknown>;
  onSignOut: () => void;
  signingOut: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('legal');
  const navigate = useNavigate();
  const accept = useAcceptConsents(onAccepted);
  const form = useSchemaForm({ schema: consentFormSchema, defaultValues: { agreed: false } });
  const agreed = form.field('agreed');

  const submit = form.handleSubmit(() =>
    accept.mutate(
      { accepted: due.map((document) => ({ document, version: LEGAL_VERSIONS[document] })) },
      // A time chosen on a public doctor page before signing in goes on to its booking (#22).
      { onSuccess: () => void navigate(bookingCalendarPath() ?? '/dashboard', { replace: true }) },
    ),
  );
  const changedMeanwhile = isApiError(accept.error) && accept.error.code === 'legalVersionChanged';

  return (
    <div className="mx-auto max-w-xl">
      <PageTitle title={t('consent.title')} />
      <Card className="space-y-5">
        <h1
          ref={focusOnMount}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {t('consent.title')}
        </h1>
        <p className="text-slate-700">{t('consent.intro')}</p>
        <ul className="space-y-2">
          {due.map((document) => (
            <li key={document}>
              <Link
                to={`/legal/${document}`}
                className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
              >
                {t(PAGE_NAME_KEYS[document])}
              </Link>{' '}
              <span className="text-sm text-slate-600">
                {t('versionOf', {
                  date:
                    formatLongCalendarDate(LEGAL_VERSIONS[document]) ?? LEGAL_VERSIONS[document],
                })}
              </span>
            </li>
          ))}
        </ul>
        <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
          <CheckboxField
            label={t('consent.checkbox')}
            {...agreed}
            error={agreed.error && t('consent.required')}
          />
          {accept.isError && (
            <Alert tone="error">
              {changedMeanwhile ? t('consent.changedMeanwhile') : t('consent.failed')}
            </Alert>
          )}
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" busy={accept.isPending}>
              {t('consent.accept')}
            </Button>
            <Button type="button" variant="secondary" busy={signingOut} onClick={onSignOut}>
              {t('consent.signOut')}
            </Button>
          </div>
        </form>
      </Card>
      {children && (
        <section aria-labelledby="consent-data" className="mt-6 space-y-3">
          <h2 id="consent-data" className="sr-only">
            {t('consent.dataHeading')}
          </h2>
          <p className="text-sm text-slate-700">{t('consent.deleteHint')}</p>
          {children}
        </section>
      )}
    </div>
  );
}
