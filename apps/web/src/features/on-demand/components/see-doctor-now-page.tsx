import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import { joinQueueSchema, type OnDemandOptions } from '@vizita/shared/contracts/on-demand';
import { REASON_MAX } from '@vizita/shared/contracts/payments';
import { SPECIALTY_CODES, specialtyName } from '@vizita/shared/domain/specialties';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { ForWhomField } from '../../../components/for-whom-field';
import { ReasonField } from '../../../components/reason-field';
import { PageTitle } from '../../../components/ui/page-title';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isLocale } from '@vizita/shared/constants';
import { formatAmount } from '../../../lib/money';
import { useLanguageNames } from '../../../lib/specialty-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useOnDemandOptions } from '../api/get-on-demand-options';
import { useJoinQueue } from '../api/join-queue';
import { joinErrorKey } from '../utils/error-keys';
import { availableFor, preselect } from '../utils/preselect';

type Fields = { specialty: string; language: string; reason: string };

const linkClasses =
  'rounded text-sm font-medium text-teal-800 underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none';

/** The specialties and languages of the doctors available now, as a short list. */
function AvailableNow({ options }: { options: OnDemandOptions }) {
  const { t, i18n } = useTranslation('onDemand');
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const languageNames = useLanguageNames();
  const open = options.availableNow.filter((a) => a.doctors > 0);
  return (
    <section aria-labelledby="available-now" className="space-y-2">
      <h2 id="available-now" className="text-base font-semibold text-slate-900">
        {t('form.availableHeading')}
      </h2>
      {open.length === 0 ? (
        <p className="text-sm text-slate-700">{t('form.noneAvailable')}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {open.map((a) => (
            <li key={a.specialty} className="break-words">
              {t('form.availableLine', {
                count: a.doctors,
                specialty: specialtyName(a.specialty, locale),
                languages: languageNames(a.languages),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The queue's form: specialty, language, reason; then the checkout of the clinic's fee. */
function JoinForm({ options }: { options: OnDemandOptions }) {
  const { t, i18n } = useTranslation('onDemand');
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const languageNames = useLanguageNames();
  const join = useJoinQueue();
  const [initial] = useState<Fields>(() => ({ ...preselect(options, i18n.language), reason: '' }));
  const form = useSchemaForm({ schema: joinQueueSchema, defaultValues: initial });
  const choiceId = useId();
  const noteId = useId();
  // For whom: herself ('') or a person in her account (ADR 0043).
  const [forWhom, setForWhom] = useState('');
  // Whether the server's refusal named a field (then it is shown there, not below the form).
  const [fieldRejected, setFieldRejected] = useState(false);
  const busy = form.isSubmitting;
  const { values } = form;

  // Those with a doctor available now first, each group by its name in the screen's language.
  const specialties = useMemo(() => {
    const open = new Set(options.availableNow.filter((a) => a.doctors > 0).map((a) => a.specialty));
    return SPECIALTY_CODES.map((code) => ({
      code,
      name: specialtyName(code, locale),
      open: open.has(code),
    })).sort((a, b) => Number(b.open) - Number(a.open) || a.name.localeCompare(b.name, locale));
  }, [options, locale]);
  const languages = CONSULTATION_LANGUAGES.map((code) => ({
    code,
    name: languageNames([code]),
  })).sort((a, b) => a.name.localeCompare(b.name, locale));

  const reasonField = form.field('reason');
  const price = `${formatAmount(options.price)} ${options.currency}`;
  const chosen = values.specialty !== '' && values.language !== '';
  const availableNow = chosen && availableFor(options, values.specialty, values.language);

  const submit = form.handleSubmit(async (request) => {
    setFieldRejected(false);
    try {
      const { sessionUrl } = await join.mutateAsync({
        ...request,
        ...(forWhom ? { dependantId: forWhom } : {}),
      });
      // The hosted checkout; its success and cancel addresses lead to her place in the queue.
      window.location.assign(sessionUrl);
    } catch (error) {
      setFieldRejected(form.setServerErrors(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-6"
      aria-busy={busy || undefined}
    >
      <AvailableNow options={options} />

      <ForWhomField value={forWhom} onChange={setForWhom} disabled={busy} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.specialty')}
          {...form.field('specialty')}
          error={form.errors.specialty && t('form.specialtyRequired')}
          placeholder={t('form.specialtyPlaceholder')}
          aria-describedby={chosen ? choiceId : undefined}
          required
          disabled={busy}
        >
          {specialties.map(({ code, name, open }) => (
            <option key={code} value={code}>
              {open ? t('form.specialtyAvailable', { name }) : name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.language')}
          {...form.field('language')}
          error={form.errors.language && t('form.languageRequired')}
          placeholder={t('form.languagePlaceholder')}
          aria-describedby={chosen ? choiceId : undefined}
          required
          disabled={busy}
        >
          {languages.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      {chosen && (
        <p
          id={choiceId}
          className={cn(
            '-mt-3 rounded-lg p-3 text-sm',
            availableNow ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950',
          )}
        >
          {availableNow
            ? t('form.choiceAvailable')
            : t('form.choiceUnavailable', { minutes: options.maxWaitMinutes })}
        </p>
      )}

      <ReasonField
        label={t('form.reason')}
        field={reasonField}
        hint={t('form.reasonHint')}
        counter={(count, max) => t('form.counter', { count, max })}
        max={REASON_MAX}
        disabled={busy}
      />

      <div id={noteId} className="space-y-1 rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
        <p>
          <span className="font-semibold">{t('form.price')}</span> {price}
        </p>
        <p>{t('form.refundNote', { minutes: options.maxWaitMinutes })}</p>
      </div>

      {join.isError && !fieldRejected && <Alert tone="error">{t(joinErrorKey(join.error))}</Alert>}

      <Button type="submit" busy={busy} aria-describedby={noteId} className="w-full sm:w-auto">
        {t('form.submit')}
      </Button>
    </form>
  );
}

/**
 * /dashboard/see-a-doctor-now — "see a doctor now" (issue #22): the patient chooses a specialty
 * and a language, says why, pays the clinic's on-demand fee at the hosted checkout and comes back
 * to her place in the queue (queue-page.tsx). Reached with a complete profile only (the route's
 * loader), as a booking is.
 */
export function SeeDoctorNowPage() {
  const { t } = useTranslation(['onDemand', 'common']);
  const options = useOnDemandOptions();

  let content: ReactNode;
  if (options.isError)
    content = (
      <ErrorState
        message={t('form.loadError')}
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
      />
    );
  else if (!options.data) content = <LoadingState label={t('form.loading')} />;
  else
    content = (
      <Card>
        <JoinForm options={options.data} />
      </Card>
    );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <PageTitle title={t('title')} />
      <Link to="/dashboard" className={linkClasses}>
        {t('common:backToDashboard')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('form.intro')}</p>
      </div>
      {content}
    </div>
  );
}
