import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import type { FollowUpProposal } from '@vizita/shared/contracts/follow-ups';
import { followUpProposable } from '@vizita/shared/domain/follow-ups';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { useFollowUpProposals } from '../../../api/get-follow-up-proposals';
import { AppointmentWhen } from '../../../components/appointment-when';
import { useFollowUpPrice } from '../../../components/follow-up-proposals';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorKey } from '../../../lib/api-client';
import { formatInstantDate } from '../../../lib/dates';
import { useWithdrawFollowUp } from '../api/withdraw-follow-up';
import { ProposeFollowUpDialog } from './propose-follow-up-dialog';

const STATE_KEYS = {
  open: 'console.state.open',
  checkout: 'console.state.checkout',
  accepted: 'console.state.accepted',
  withdrawn: 'console.state.withdrawn',
  expired: 'console.state.expired',
} as const satisfies Record<FollowUpProposal['state'], string>;

const WITHDRAW_ERROR_KEYS = {
  followUpAlreadyAccepted: 'console.errors.alreadyAccepted',
  followUpCheckoutOpen: 'console.errors.patientPaying',
  followUpExpired: 'console.errors.expired',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

function ProposalLine({
  proposal,
  onWithdraw,
  withdrawing,
}: {
  proposal: FollowUpProposal;
  onWithdraw: () => void;
  withdrawing: boolean;
}) {
  const { t } = useTranslation('followUps');
  const priceText = useFollowUpPrice();
  return (
    <li className="space-y-1 py-3 text-sm">
      <p className="font-medium text-slate-900">
        {t(STATE_KEYS[proposal.state])} ·{' '}
        {t('console.proposedOn', { date: formatInstantDate(proposal.createdAt) })}
      </p>
      <p className="text-slate-700">
        {proposal.suggestedWeeks !== null ? (
          t('widget.inWeeks', { count: proposal.suggestedWeeks })
        ) : (
          <>
            {proposal.slots.map((slot, i) => (
              <span key={slot.startsAt}>
                {i > 0 && ', '}
                <AppointmentWhen date={slot.date} slot={slot.slot} />
              </span>
            ))}
          </>
        )}{' '}
        · {priceText(proposal.price)}
      </p>
      {proposal.state === 'open' && (
        <p className="text-slate-700">
          {t('widget.answerBy', { date: formatInstantDate(proposal.expiresAt) })}
        </p>
      )}
      {proposal.note && (
        <p className="break-words whitespace-pre-line text-slate-700">
          <span className="font-medium">{t('console.note')}:</span> {proposal.note}
        </p>
      )}
      {proposal.mayWithdraw && (
        <Button variant="secondary" className="mt-2" busy={withdrawing} onClick={onWithdraw}>
          {t('console.withdraw')}
        </Button>
      )}
    </li>
  );
}

/**
 * The consultation's follow-up (issue #20): what was proposed and where it stands, "Withdraw"
 * while the patient has not answered, and "Propose a follow-up" from the call's opening until
 * the doctor's 30 days on the patient's data end — one open proposal at a time.
 */
export function FollowUpPanel({ appointment, now }: { appointment: Appointment; now: Date }) {
  const { t } = useTranslation('followUps');
  const proposals = useFollowUpProposals(appointment._id);
  const withdraw = useWithdrawFollowUp();
  const [proposing, setProposing] = useState(false);
  const [sent, setSent] = useState(false);
  const list = proposals.data ?? [];
  const waiting = list.some((p) => p.state === 'open' || p.state === 'checkout');
  const proposable = followUpProposable(
    { status: appointment.status, startsAt: new Date(appointment.startsAt) },
    now,
  );
  if (!proposable && list.length === 0) return null;

  return (
    <Card>
      <section aria-labelledby="follow-up-heading" className="space-y-3">
        <h2 id="follow-up-heading" className="text-lg font-semibold text-slate-900">
          {t('console.heading')}
        </h2>
        {proposals.isError && <Alert tone="error">{t('console.loadError')}</Alert>}
        {sent && <Alert tone="success">{t('console.sent')}</Alert>}
        {list.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {list.map((proposal) => (
              <ProposalLine
                key={proposal._id}
                proposal={proposal}
                withdrawing={withdraw.isPending && withdraw.variables === proposal._id}
                onWithdraw={() => {
                  setSent(false);
                  withdraw.mutate(proposal._id);
                }}
              />
            ))}
          </ul>
        )}
        {withdraw.isError && (
          <Alert tone="error">
            {t(errorKey(withdraw.error, WITHDRAW_ERROR_KEYS, 'console.errors.withdrawFailed'))}
          </Alert>
        )}
        {proposable && !waiting && (
          <>
            <p className="text-sm text-slate-700">{t('console.explain')}</p>
            <Button onClick={() => setProposing(true)}>{t('console.propose')}</Button>
          </>
        )}
      </section>
      {proposing && (
        <ProposeFollowUpDialog
          appointment={appointment}
          onClose={() => setProposing(false)}
          onProposed={() => {
            setProposing(false);
            setSent(true);
          }}
        />
      )}
    </Card>
  );
}
