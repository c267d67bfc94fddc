import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChevronDownIcon, CreditCardIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatShortDateTime } from '../../../lib/dates';
import { usePaymentHistory, type BillingItem } from '../api/get-payment-history';
import { billingErrorText } from '../utils/error-text';
import { formatAmount, paymentStatus } from '../utils/payment-display';
import { useSpecialtyNames } from '../../../lib/specialty-name';

const focusRing =
  'rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

/** What a row shows of a payment, in the words of spec §2. */
function usePaymentView() {
  const { t } = useTranslation('billing');
  const specialtyNames = useSpecialtyNames();
  return (payment: BillingItem) => {
    const date = formatShortDateTime(payment.date) ?? payment.date;
    const status = paymentStatus(payment.status);
    return {
      date: <time dateTime={payment.date}>{date}</time>,
      // "See a doctor now" that no doctor took has no doctor: it is named by what was paid for.
      doctor:
        payment.doctor.name ||
        (payment.onDemand ? t('history.onDemand') : t('history.notAvailable')),
      specialties:
        specialtyNames(payment.doctor.specialties) ||
        (payment.onDemand ? '' : t('history.generalMedicine')),
      amount: formatAmount(payment.amount, payment.currency),
      status: (
        <span
          className={cn(
            'inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
            status.tone,
          )}
        >
          {'key' in status ? t(status.key) : status.raw}
        </span>
      ),
      receipt: payment.receiptUrl ? (
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <a
            href={payment.receiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn('font-semibold text-teal-800 underline hover:text-teal-900', focusRing)}
          >
            {t('history.download')}
            <span className="sr-only"> {t('history.receiptHint', { date })}</span>
          </a>
          {payment.invoicePdfUrl ? (
            <a
              href={payment.invoicePdfUrl}
              download
              className={cn('font-semibold text-teal-800 underline hover:text-teal-900', focusRing)}
            >
              {t('history.invoicePdf')}
              <span className="sr-only"> {t('history.invoicePdfHint', { date })}</span>
            </a>
          ) : null}
        </span>
      ) : (
        t('history.notAvailable')
      ),
    };
  };
}

/** From `sm` up: a table with the five columns of spec §2. */
function PaymentTable({ payments, labelledBy }: { payments: BillingItem[]; labelledBy: string }) {
  const { t } = useTranslation('billing');
  const view = usePaymentView();
  const columns = [
    t('history.columns.date'),
    t('history.columns.doctor'),
    t('history.columns.amount'),
    t('history.columns.status'),
    t('history.columns.receipt'),
  ];
  return (
    // Shown from `sm` (640 px) only, where the five columns fit; scrolls rather than clips if not.
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm sm:block">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => {
            const row = view(payment);
            return (
              <tr key={payment.id} className="align-top">
                <td className="px-4 py-3 whitespace-nowrap text-slate-900">{row.date}</td>
                <td className="px-4 py-3">
                  <p className="font-medium break-words text-slate-900">{row.doctor}</p>
                  <p className="break-words text-slate-700">{row.specialties}</p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                  {row.amount}
                </td>
                <td className="px-4 py-3">{row.status}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{row.receipt}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Below `sm`: one card per payment, so that a 360 px phone never scrolls sideways. */
function PaymentCards({ payments, labelledBy }: { payments: BillingItem[]; labelledBy: string }) {
  const { t } = useTranslation('billing');
  const view = usePaymentView();
  return (
    <ul aria-labelledby={labelledBy} className="space-y-3 sm:hidden">
      {payments.map((payment) => {
        const row = view(payment);
        return (
          <li
            key={payment.id}
            className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{row.doctor}</p>
                <p className="break-words text-slate-700">{row.specialties}</p>
              </div>
              <div className="shrink-0">{row.status}</div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
              <dt className="text-slate-600">{t('history.columns.date')}</dt>
              <dd className="text-slate-900">{row.date}</dd>
              <dt className="text-slate-600">{t('history.columns.amount')}</dt>
              <dd className="text-slate-900 tabular-nums">{row.amount}</dd>
              <dt className="text-slate-600">{t('history.columns.receipt')}</dt>
              <dd className="text-slate-700">{row.receipt}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /dashboard/billing (spec §2 Billing history): the patient's payments, newest first, with their
 * receipts — loading, failed (with Try Again), empty (with a way to book), or the list.
 */
export function BillingHistoryPage() {
  const { t, i18n } = useTranslation(['billing', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const history = usePaymentHistory();
  const listHeadingId = useId();

  // One step back (spec §2); opened directly — no earlier entry of ours — the dashboard instead
  // of leaving the app.
  const goBack = () => void (location.key === 'default' ? navigate('/dashboard') : navigate(-1));

  let content: ReactNode;
  if (history.data && history.data.length > 0) {
    content = (
      <section aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="sr-only">
          {t('history.listHeading')}
        </h2>
        <PaymentTable payments={history.data} labelledBy={listHeadingId} />
        <PaymentCards payments={history.data} labelledBy={listHeadingId} />
      </section>
    );
  } else if (history.data) {
    content = (
      <Card className="text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <CreditCardIcon width={24} height={24} />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{t('history.empty.title')}</h2>
        <p className="mt-1 text-slate-700">{t('history.empty.text')}</p>
        <Link to="/calendar" className={buttonClasses('primary', 'mt-5')}>
          {t('history.empty.bookFirst')}
        </Link>
      </Card>
    );
  } else if (history.isError) {
    const error = billingErrorText(history.error, i18n.language);
    content = (
      <Alert tone="error">
        <h2 className="font-semibold">{t('history.error.title')}</h2>
        <p className="mt-1">{'text' in error ? error.text : t(error.key)}</p>
        <Button
          variant="secondary"
          className="mt-3"
          busy={history.isFetching}
          onClick={() => void history.refetch()}
        >
          {t('common:tryAgain')}
        </Button>
      </Alert>
    );
  } else {
    content = <LoadingState label={t('history.loading')} />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle title={t('history.title')} />
      <div>
        <Button variant="ghost" className="-ml-3" onClick={goBack}>
          <ChevronDownIcon className="rotate-90" />
          {t('history.back')}
        </Button>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t('history.title')}</h1>
        <p className="mt-1 text-slate-700">{t('history.subtitle')}</p>
      </div>
      {content}
    </div>
  );
}
