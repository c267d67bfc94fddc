import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowUpProposal } from '@vizita/shared/contracts/follow-ups';
import { useFollowUpProposals } from '../api/get-follow-up-proposals';
import { cn } from '../lib/cn';
import { formatInstantDate } from '../lib/dates';
import { formatMinorAmount } from '../lib/money';
import { buttonClasses } from './ui/button';

/** The price as the patient reads it: "35.00 EUR", or that it costs nothing. */
export function useFollowUpPrice() {
  const { t } = useTranslation('followUps');
  return (price: FollowUpProposal['price']) =>
    price.amountMinor === 0
      ? t('price.free')
      : // An amount and its currency code read alike in every language ("35.00 EUR").
        `${formatMinorAmount(price.amountMinor)} ${price.currency}`;
}

function Proposal({ proposal }: { proposal: FollowUpProposal }) {
  const { t } = useTranslation('followUps');
  const priceText = useFollowUpPrice();
  const headingId = useId();
  // The patient reads it without their own name; the doctor and the clinic with it.
  const forPatient = proposal.patient === null;
  const offer =
    proposal.suggestedWeeks !== null
      ? t('widget.inWeeks', { count: proposal.suggestedWeeks })
      : t('widget.times', { count: proposal.slots.length });

  let action;
  if (forPatient && proposal.state === 'open')
    action = (
      <Link
        to={`/dashboard/follow-ups/${encodeURIComponent(proposal._id)}`}
        aria-describedby={headingId}
        className={buttonClasses('primary', 'mt-3')}
      >
        {t('widget.choose')}
      </Link>
    );
  else if (forPatient)
    action = (
      <p className="mt-2">
        {t('widget.paying')}{' '}
        <Link
          to={`/dashboard/follow-ups/${encodeURIComponent(proposal._id)}`}
          className="font-medium underline"
        >
          {t('widget.open')}
        </Link>
      </p>
    );
  else
    action = (
      <p className="mt-2">
        {proposal.state === 'open' ? t('widget.waitingPatient') : t('widget.patientPaying')}
      </p>
    );

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-950"
    >
      <p id={headingId} className="font-semibold">
        {t('widget.title')}
      </p>
      <p className="mt-1">{t('widget.proposedBy', { name: proposal.doctor.name })}</p>
      <p>
        {offer} · {priceText(proposal.price)}
      </p>
      <p>{t('widget.answerBy', { date: formatInstantDate(proposal.expiresAt) })}</p>
      {action}
    </section>
  );
}

/**
 * The follow-up visits a doctor proposed after this consultation that still wait for the
 * patient (issue #20), or nothing: on the patient's appointment card, at the top of the
 * appointment's thread in Messages. The patient gets the way to choose a time; the doctor and the
 * clinic see that the patient has still to answer.
 */
export function FollowUpProposals({
  appointmentId,
  className,
}: {
  appointmentId: string;
  /** Where it sits in its container (a margin); nothing is rendered when nothing waits. */
  className?: string;
}) {
  const proposals = useFollowUpProposals(appointmentId);
  const waiting = (proposals.data ?? []).filter(
    (p) => p.state === 'open' || p.state === 'checkout',
  );
  if (waiting.length === 0) return null;
  return (
    <div className={cn('space-y-2', className)}>
      {waiting.map((proposal) => (
        <Proposal key={proposal._id} proposal={proposal} />
      ))}
    </div>
  );
}
