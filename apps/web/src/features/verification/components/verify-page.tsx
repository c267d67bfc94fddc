import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  verifyCodeFormSchema,
  type DocumentVerification,
  type IssuedDocumentKind,
} from '@vizita/shared/contracts/verification';
import { isDocumentId, normalizeShortCode } from '@vizita/shared/domain/verification-code';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatInstantDate } from '../../../lib/dates';
import { focusOnMount } from '../../../lib/focus';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { getVerification } from '../api/get-verification';

type Failure = 'notFound' | 'tooMany' | 'failed';
type VerifyData =
  | { state: 'form' }
  | { state: 'result'; result: DocumentVerification }
  | { state: 'error'; failure: Failure };

/** /verify and /verify/:idOrCode — the texts come with the page, the answer before it shows. */
export async function verifyPageLoader({ params }: LoaderFunctionArgs): Promise<VerifyData> {
  const translations = loadSignedInTranslations();
  if (!params.idOrCode) {
    await translations;
    return { state: 'form' };
  }
  try {
    const [result] = await Promise.all([getVerification(params.idOrCode), translations]);
    return { state: 'result', result };
  } catch (error) {
    await translations;
    // A code that cannot be one (400) is as unknown as one nobody issued (404).
    const status = isApiError(error) ? error.statusCode : 0;
    const failure: Failure =
      status === 404 || status === 400 ? 'notFound' : status === 429 ? 'tooMany' : 'failed';
    return { state: 'error', failure };
  }
}

const KIND_KEYS = {
  prescription: 'kinds.prescription',
  'sick-note': 'kinds.sick-note',
  referral: 'kinds.referral',
  'visit-summary': 'kinds.visit-summary',
  invoice: 'kinds.invoice',
  'credit-note': 'kinds.credit-note',
} as const satisfies Record<IssuedDocumentKind, string>;

const VALIDITY_KEYS = {
  current: 'validity.current',
  'not-yet-valid': 'validity.not-yet-valid',
  expired: 'validity.expired',
} as const satisfies Record<DocumentVerification['validity'], string>;

const FAILURE_KEYS = {
  notFound: 'notFoundText',
  tooMany: 'tooMany',
  failed: 'failed',
} as const satisfies Record<Failure, string>;

/**
 * The public check of a document (issue #21 §3, ADR 0037): authentic or not, revoked or not, what
 * it is, who issued it and for how long — never anything about the patient's health.
 */
export function VerifyPage() {
  const data = useLoaderData<VerifyData>();
  const { idOrCode = '' } = useParams();
  const { t } = useTranslation('verification');
  const heading = data.state === 'form' ? t('title') : t('resultTitle');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle title={heading} />
      {/* A new answer, a new heading: focus moves to it from the form that asked (keyed). */}
      <h1
        key={idOrCode}
        ref={focusOnMount}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {heading}
      </h1>
      {data.state === 'result' && <VerificationResult result={data.result} />}
      {data.state === 'error' && (
        <Alert tone="error">
          {data.failure === 'notFound' && <p className="font-semibold">{t('notFound')}</p>}
          <p>{t(FAILURE_KEYS[data.failure])}</p>
        </Alert>
      )}
      <CodeForm again={data.state !== 'form'} />
    </div>
  );
}

function VerificationResult({ result }: { result: DocumentVerification }) {
  const { t } = useTranslation('verification');
  const good = result.authentic && !result.revoked;
  const from = formatCalendarDate(result.validFrom) ?? result.validFrom;
  const until = result.validUntil && (formatCalendarDate(result.validUntil) ?? result.validUntil);
  const Icon = good ? CheckCircleIcon : AlertCircleIcon;
  return (
    <>
      <div
        className={cn(
          'flex gap-3 rounded-2xl border p-4',
          good
            ? 'border-emerald-300 bg-emerald-50 text-emerald-950'
            : 'border-red-300 bg-red-50 text-red-950',
        )}
      >
        <Icon className="mt-1 shrink-0" width={24} height={24} aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="text-xl font-bold">
            {!result.authentic ? t('notAuthentic') : result.revoked ? t('revoked') : t('authentic')}
          </p>
          <p>
            {!result.authentic
              ? t('notAuthenticText')
              : result.revoked
                ? t('revokedText', {
                    date: result.revokedAt ? formatInstantDate(result.revokedAt) : '',
                  })
                : t('authenticText')}
          </p>
        </div>
      </div>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('details')}</h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Row label={t('kindLabel')}>{t(KIND_KEYS[result.kind])}</Row>
          {result.doctor && <Row label={t('doctorLabel')}>{result.doctor.name}</Row>}
          <Row label={t('clinicLabel')}>
            <span className="block font-semibold">{result.clinic.name}</span>
            {result.clinic.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{result.clinic.email}</span>
            <span className="block">{result.clinic.phone}</span>
          </Row>
          <Row label={t('issuedLabel')}>
            <time dateTime={result.issuedAt}>{formatInstantDate(result.issuedAt)}</time>
          </Row>
          <Row label={t('validLabel')}>
            <span className="block">
              {until ? t('validRange', { from, until }) : t('validFromOnly', { from })}
            </span>
            {!result.revoked && (
              <span className="block font-semibold">{t(VALIDITY_KEYS[result.validity])}</span>
            )}
          </Row>
          <Row label={t('codeShown')}>
            <span className="font-mono tracking-wider">{result.shortCode}</span>
          </Row>
        </dl>
        <p className="text-sm text-slate-700">{t('privacy')}</p>
      </Card>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** The short code as printed (or a document's id); checked as soon as it is sent. */
function CodeForm({ again }: { again: boolean }) {
  const { t } = useTranslation('verification');
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: verifyCodeFormSchema, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const trimmed = code.trim();
    form.reset({ code: '' });
    await navigate(
      `/verify/${isDocumentId(trimmed) ? trimmed.toLowerCase() : normalizeShortCode(trimmed)}`,
    );
  });
  return (
    <section aria-labelledby="verify-form-heading" className="space-y-3">
      <h2 id="verify-form-heading" className={again ? 'text-lg font-semibold' : 'sr-only'}>
        {again ? t('checkAnother') : t('title')}
      </h2>
      {!again && <p className="text-slate-700">{t('intro')}</p>}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          label={t('codeLabel')}
          hint={t('codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="flex-1"
          {...form.field('code')}
        />
        <Button type="submit" className="sm:mt-7" busy={form.isSubmitting}>
          {t('check')}
        </Button>
      </form>
    </section>
  );
}
