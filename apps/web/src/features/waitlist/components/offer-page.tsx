import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { REASON_MAX } from '@vizita/shared/contracts/payments';
import type { WaitlistOffer } from '@vizita/shared/contracts/waitlist';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import { viewerWhen } from '../../../components/appointment-when';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldLabel } from '../../../components/ui/field-label';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { controlClasses } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { formatLongCalendarDate } from '../../../lib/dates';
import { formatMinorAmount } from '../../../lib/money';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { useWaitlistOffer } from '../api/get-waitlist-offer';
import { useTakeWaitlistOffer } from '../api/take-waitlist-offer';
import { takeErrorKey } from '../utils/error-keys';

/** What the page says about an offer that can no longer be taken. */
const CLOSED_KEYS = {
  taken: 'offer.state.taken',
  gone: 'offer.state.gone',
  expired: 'offer.state.expired',
} as const satisfies Record<Exclude<WaitlistOffer['state'], 'open'>, string>;

/** A time as the reader reads it: the long date and the time in their own zone (ADR 0019). */
function useWhen() {
  const { t } = useTranslation('appointments');
  return (startsAt: string, timeZone: string, date: string, slot: string) => {
    const when = viewerWhen({ date, slot, startsAt, timeZone }, t);
    return { date: formatLongCalendarDate(when.date) ?? when.date, time: when.time };
  };
}

/**
 * /dashboard/waitlist/offers/:id — the link of an "earlier time" notification: the freed time,
 * with "Take it" (the appointment moves there, nothing more to pay) or "Book it" (a new booking,
 * on to the checkout), first come, first served; and clear words when it was taken or has ended.
 */
export function OfferPage() {
  const { t, i18n } = useTranslation(['waitlist', 'common']);
  const { id = '' } = useParams();
  const offer = useWaitlistOffer(id);
  const take = useTakeWaitlistOffer();
  const when = useWhen();
  const specialties = useSpecialtyNames();
  const reasonId = useId();
  const [reason, setReason] = useState('');

  let content;
  if (offer.isPending) {
    content = <LoadingState label={t('offer.loading')} />;
  } else if (offer.isError) {
    content =
      isApiError(offer.error) && offer.error.statusCode === 404 ? (
        <Alert tone="info">{t('offer.notFound')}</Alert>
      ) : (
        <ErrorState
          message={t('offer.loadFailed')}
          retrying={offer.isFetching}
          onRetry={() => void offer.refetch()}
        />
      );
  } else {
    const o = offer.data;
    const offered = when(o.startsAt, o.timeZone, o.date, o.slot);
    // The appointment it would move, on the doctor's calendar and then as the reader reads it.
    const booked = o.appointment && {
      startsAt: o.appointment.startsAt,
      ...zonedDateAndSlot(new Date(o.appointment.startsAt), o.timeZone),
    };
    const current = booked ? when(booked.startsAt, o.timeZone, booked.date, booked.slot) : null;
    const moved = take.data?.kind === 'moved';
    // Still busy after a booking's success: the browser is on its way to the checkout.
    const busy = take.isPending || take.data?.kind === 'checkout';
    const submit = () =>
      take.mutate(
        o.kind === 'booking'
          ? {
              offerId: o._id,
              ...(reason.trim() ? { reason: reason.trim() } : {}),
              // Spec §9: Bulgarian speakers pay as patients in Bulgaria, everyone else as in Germany.
              country: i18n.language.startsWith('bg') ? 'Bulgaria' : 'Germany',
            }
          : { offerId: o._id },
        {
          onSuccess: (result) => {
            if (result.kind === 'checkout') window.location.assign(result.sessionUrl);
          },
        },
      );

    content = (
      <>
        <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {[
            { label: t('offer.doctor'), value: o.doctor.name },
            { label: t('offer.specialty'), value: specialties(o.doctor.specialties) },
            { label: t('offer.date'), value: offered.date },
            { label: t('offer.time'), value: offered.time },
            ...(current
              ? [{ label: t('offer.current'), value: `${current.date}, ${current.time}` }]
              : []),
            ...(o.price
              ? [
                  {
                    label: t('offer.fee'),
                    // "60.00 EUR": the amount and the currency code, alike in every language.
                    value: `${formatMinorAmount(o.price.amountMinor)} ${o.price.currency}`,
                  },
                ]
              : []),
          ].map((row) => (
            <div key={row.label} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
              <dt className="text-slate-600">{row.label}</dt>
              <dd className="text-right font-medium text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>

        {moved ? (
          <Alert tone="success" className="mt-4">
            {t('offer.moved', { date: offered.date, time: offered.time })}
          </Alert>
        ) : o.state !== 'open' ? (
          <Alert tone="info" className="mt-4">
            {t(CLOSED_KEYS[o.state])}
          </Alert>
        ) : (
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <p className="text-sm text-slate-700">
              {o.kind === 'reschedule' ? t('offer.rescheduleNote') : t('offer.bookingNote')}
            </p>
            {o.kind === 'booking' && (
              <div className="space-y-1.5">
                <FieldLabel htmlFor={reasonId}>{t('offer.reason')}</FieldLabel>
                <textarea
                  id={reasonId}
                  rows={3}
                  maxLength={REASON_MAX}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  disabled={busy}
                  className={controlClasses(false)}
                />
              </div>
            )}
            {take.isError && <Alert tone="error">{t(takeErrorKey(take.error))}</Alert>}
            <Button type="submit" busy={busy}>
              {o.kind === 'reschedule' ? t('offer.take') : t('offer.book')}
            </Button>
          </form>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl">
      <PageTitle title={t('offer.title')} />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t('offer.title')}</h1>
        <p className="mt-2 text-slate-700">{t('offer.intro')}</p>
        {content}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/dashboard/appointments" className={buttonClasses('secondary')}>
            {t('offer.toAppointments')}
          </Link>
          <Link to="/dashboard/waitlist" className={buttonClasses('ghost')}>
            {t('offer.toAlerts')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
