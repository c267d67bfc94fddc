import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  acceptFollowUpSchema,
  type FollowUpProposal,
  type FollowUpSlot,
} from '@vizita/shared/contracts/follow-ups';
import { AppointmentWhen, viewerWhen } from '../../../components/appointment-when';
import { useFollowUpPrice } from '../../../components/follow-up-proposals';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldError } from '../../../components/ui/field-error';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatInstantDate, formatShortCalendarDate } from '../../../lib/dates';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAcceptFollowUp } from '../api/accept-follow-up';
import { useFollowUp } from '../api/get-follow-up';
import { acceptErrorKey, nextFreeSlot } from '../utils/error-keys';

/** What a proposal that can no longer be accepted says instead of its times. */
const CLOSED_KEYS = {
  checkout: 'page.checkoutOpen',
  accepted: 'page.accepted',
  withdrawn: 'page.withdrawn',
  expired: 'page.expired',
} as const satisfies Record<Exclude<FollowUpProposal['state'], 'open'>, string>;

/** A time shown as a button: a visually hidden radio inside its label (as rescheduling does). */
function TimeChoice({
  slot,
  timeZone,
  checked,
  describedBy,
  onChoose,
}: {
  slot: FollowUpSlot;
  timeZone: string;
  checked: boolean;
  describedBy: string | undefined;
  onChoose: () => void;
}) {
  const { t } = useTranslation('followUps');
  const { t: tAppointments } = useTranslation('appointments');
  const { time } = viewerWhen({ ...slot, timeZone }, tAppointments);
  return (
    <label
      className={cn(
        'flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 has-[:focus-visible]:ring-offset-2',
        !slot.free
          ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500 line-through'
          : checked
            ? 'cursor-pointer border-teal-700 bg-teal-700 text-white'
            : 'cursor-pointer border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
      )}
    >
      <input
        type="radio"
        name="startsAt"
        value={slot.startsAt}
        checked={checked}
        disabled={!slot.free}
        onChange={onChoose}
        aria-describedby={describedBy}
        className="sr-only"
      />
      {time}
      {!slot.free && <span className="sr-only"> {t('page.taken')}</span>}
    </label>
  );
}

/** The proposal's times by day of the doctor's calendar, as the patient chooses one. */
function TimeChoices({
  proposal,
  chosen,
  describedBy,
  onChoose,
}: {
  proposal: FollowUpProposal;
  chosen: string;
  describedBy: string | undefined;
  onChoose: (startsAt: string) => void;
}) {
  const days = new Map<string, FollowUpSlot[]>();
  for (const slot of proposal.slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return (
    <div className="space-y-3">
      {[...days].map(([date, slots]) => (
        <div key={date} className="space-y-2">
          <p className="text-sm font-medium text-slate-800">
            {formatShortCalendarDate(date) ?? date}
          </p>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {slots.map((slot) => (
              <TimeChoice
                key={slot.startsAt}
                slot={slot}
                timeZone={proposal.timeZone}
                checked={slot.startsAt === chosen}
                describedBy={describedBy}
                onChoose={() => onChoose(slot.startsAt)}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The acceptance: one of the proposal's free times, then the checkout or the booking. */
function ChooseTime({
  proposal,
  onBooked,
}: {
  proposal: FollowUpProposal;
  onBooked: (slot: FollowUpSlot) => void;
}) {
  const { t } = useTranslation('followUps');
  const accept = useAcceptFollowUp();
  const form = useSchemaForm({ schema: acceptFollowUpSchema, defaultValues: { startsAt: '' } });
  const [next, setNext] = useState<FollowUpSlot | null>(null);
  const hintId = useId();
  const field = form.field('startsAt');
  const busy = form.isSubmitting;
  const paid = proposal.price.amountMinor > 0;
  const free = proposal.slots.filter((s) => s.free);

  const submit = form.handleSubmit(async ({ startsAt }) => {
    setNext(null);
    try {
      const result = await accept.mutateAsync({
        id: proposal._id,
        startsAt,
        doctorId: proposal.doctor._id,
      });
      if (result.outcome === 'checkout') window.location.assign(result.sessionUrl);
      else onBooked(proposal.slots.find((s) => s.startsAt === startsAt)!);
    } catch (error) {
      // Taken meanwhile: the next time still free is chosen for the patient to confirm.
      const offered = nextFreeSlot(error);
      setNext(offered);
      form.setFieldValues({ startsAt: offered?.startsAt ?? '' });
    }
  });

  if (free.length === 0)
    return (
      <div className="space-y-3">
        <Alert tone="info">{t('page.noneFree')}</Alert>
        <Link to="/calendar" className={buttonClasses('secondary')}>
          {t('page.bookOther')}
        </Link>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-busy={busy || undefined}
    >
      <fieldset disabled={busy} className="space-y-2" aria-describedby={hintId}>
        <legend className="text-base font-semibold text-slate-900">{t('page.chooseTime')}</legend>
        <p id={hintId} className="text-sm text-slate-700">
          {proposal.window
            ? t('page.inWeeksHint', {
                count: proposal.suggestedWeeks ?? 0,
                from: formatShortCalendarDate(proposal.window.from),
                to: formatShortCalendarDate(proposal.window.to),
              })
            : t('page.offeredHint')}
        </p>
        <TimeChoices
          proposal={proposal}
          chosen={form.values.startsAt}
          describedBy={field['aria-describedby']}
          onChoose={(startsAt) => {
            form.setFieldValues({ startsAt });
            accept.reset();
          }}
        />
        <FieldError id={field.errorId} error={field.error && t('page.timeRequired')} />
      </fieldset>
      {accept.isError && (
        <Alert tone="error">
          <p>{t(acceptErrorKey(accept.error))}</p>
          {next && (
            <p className="mt-1">
              {t('page.errors.nextSlot')} <AppointmentWhen {...next} timeZone={proposal.timeZone} />
            </p>
          )}
        </Alert>
      )}
      <Button type="submit" busy={busy}>
        {paid ? t('page.pay') : t('page.book')}
      </Button>
    </form>
  );
}

/**
 * /dashboard/follow-ups/:id — a follow-up visit the doctor proposed (issue #20; the spec's
 * "Follow-up Visit"): who proposes it and why, its price, and one of its times to choose — then
 * the checkout as for any booking, or, when it is free, the visit booked at once.
 */
export function FollowUpPage() {
  const { t } = useTranslation('followUps');
  const { id = '' } = useParams();
  const proposal = useFollowUp(id);
  const priceText = useFollowUpPrice();
  const [booked, setBooked] = useState<FollowUpSlot | null>(null);

  const back = (
    <Link to="/dashboard/appointments" className="text-sm font-medium text-teal-800 underline">
      {t('page.back')}
    </Link>
  );
  let content: ReactNode;
  if (proposal.isError)
    content = (
      <ErrorState
        message={t('page.loadError')}
        retrying={proposal.isFetching}
        onRetry={() => void proposal.refetch()}
      />
    );
  else if (!proposal.data) content = <LoadingState label={t('page.loading')} />;
  else {
    const p = proposal.data;
    content = (
      <Card className="space-y-5">
        <div>
          <p className="text-slate-800">{t('widget.proposedBy', { name: p.doctor.name })}</p>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <Detail label={t('page.price')}>{priceText(p.price)}</Detail>
            <Detail label={t('page.answerBy')}>{formatInstantDate(p.expiresAt)}</Detail>
          </dl>
        </div>
        {p.note && (
          <section aria-labelledby="follow-up-note" className="rounded-lg bg-sky-50 p-3 text-sm">
            <h2 id="follow-up-note" className="font-semibold text-sky-950">
              {t('page.note', { name: p.doctor.name })}
            </h2>
            <p className="mt-1 break-words whitespace-pre-line text-sky-950">{p.note}</p>
          </section>
        )}
        {booked ? (
          <div ref={focusOnMount} tabIndex={-1} className="space-y-3 focus:outline-none">
            <Alert tone="success">
              {t('page.booked')} <AppointmentWhen {...booked} timeZone={p.timeZone} />
            </Alert>
            <Link to="/dashboard/appointments" className={buttonClasses('primary')}>
              {t('page.toAppointments')}
            </Link>
          </div>
        ) : p.state === 'open' ? (
          <ChooseTime proposal={p} onBooked={setBooked} />
        ) : (
          <div className="space-y-3">
            <Alert tone="info">{t(CLOSED_KEYS[p.state])}</Alert>
            <Link
              to={p.state === 'accepted' ? '/dashboard/appointments' : '/calendar'}
              className={buttonClasses('secondary')}
            >
              {p.state === 'accepted' ? t('page.toAppointments') : t('page.bookOther')}
            </Link>
          </div>
        )}
      </Card>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <PageTitle title={t('widget.title')} />
      {back}
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('widget.title')}</h1>
      {content}
    </div>
  );
}
