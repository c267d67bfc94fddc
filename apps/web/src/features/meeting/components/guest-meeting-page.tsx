import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LOCALE_STORAGE_KEY } from '@vizita/shared/constants';
import type { GuestConsultation } from '@vizita/shared/contracts/guest-consultations';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { errorKey } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { changeLocale } from '../../../lib/i18n';
import { checkGuestConnection } from '../api/check-guest-connection';
import { downloadGuestSample } from '../api/download-guest-sample';
import { getGuestConsultation } from '../api/get-guest-consultation';
import { giveGuestVideoConsent } from '../api/give-guest-video-consent';
import { joinAsGuest } from '../api/join-as-guest';
import { openGuestLink } from '../api/open-guest-link';
import { createProviderCall, type CreateCall } from '../call/meeting-call';
import type { DeviceCheckSources } from '../device-check/device-check';
import { MeetingRoom, type MeetingSubject } from './meeting-page';

// The consultation of a person without an account (issue #12, ADR 0028): they arrive by the link
// in their invitation, /guest/<token>. The link works once, in one browser; from then on that
// browser is known by an httpOnly cookie and the page lives at /guest.

const GUEST_HOME = '/guest';

/** Why a link or a guest's page cannot go on, in the guest's words, by the API's code. */
const GUEST_ERROR_KEYS = {
  guestLinkUsed: 'meeting.guest.errors.used',
  guestLinkEnded: 'meeting.guest.errors.ended',
  guestLinkInvalid: 'meeting.guest.errors.invalid',
  guestSessionRequired: 'meeting.guest.errors.openLinkAgain',
  tooManyRequests: 'meeting.guest.errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, GuestErrorKey>>;
type GuestErrorKey =
  | 'meeting.guest.errors.used'
  | 'meeting.guest.errors.ended'
  | 'meeting.guest.errors.invalid'
  | 'meeting.guest.errors.openLinkAgain'
  | 'meeting.guest.errors.tooMany'
  | 'meeting.guest.errors.failed';

function guestErrorKey(error: unknown): GuestErrorKey {
  return errorKey(error, GUEST_ERROR_KEYS, 'meeting.guest.errors.failed');
}

/** A guest's page outside the call: one card, its heading focused on arrival. */
function GuestShell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation('appointments');
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageTitle title={t('meeting.guest.title')} />
      <Card>
        <div className="space-y-4">
          <h1
            ref={focusOnMount}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {title}
          </h1>
          {children}
        </div>
      </Card>
    </div>
  );
}

/**
 * /guest/:token — the invitation's link. It asks for a click before it uses the link: a mail
 * scanner that fetches the page must not spend the single use.
 */
export function GuestLinkPage() {
  const { t } = useTranslation('appointments');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      await openGuestLink(token);
      // The token leaves the address bar and the history: it is spent.
      await navigate(GUEST_HOME, { replace: true });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <GuestShell title={t('meeting.guest.title')}>
      <p className="text-slate-700">{t('meeting.guest.intro')}</p>
      <p className="text-slate-700">{t('meeting.guest.oneDevice')}</p>
      {error !== null && <Alert tone="error">{t(guestErrorKey(error))}</Alert>}
      <Button className="w-full" busy={busy} onClick={() => void open()}>
        {t('meeting.guest.continue')}
      </Button>
    </GuestShell>
  );
}

/** The guest's consultation as a meeting page shows one. */
function subjectOf(c: GuestConsultation): MeetingSubject {
  return {
    schedule: {
      startsAt: c.startsAt,
      status: c.status,
      plan: 'consultation',
      // Only read when `startsAt` is unusable, which the server never sends.
      isJoinable: false,
      minutesUntilJoinable: 0,
      hasPassed: false,
    },
    date: c.date,
    slot: c.slot,
    other: { role: 'doctor', name: c.doctorName },
    refusal: c.status === 'cancelled' ? 'meeting.errors.cancelled' : null,
  };
}

const GUEST_CHECK_SOURCES: DeviceCheckSources = {
  iceServers: checkGuestConnection,
  download: downloadGuestSample,
  consent: {
    isDue: async () => (await getGuestConsultation()).videoConsentDue,
    give: giveGuestVideoConsent,
  },
};

/**
 * /guest — the guest's consultation, by this browser's cookie: the same device check, waiting
 * room and call as a patient's, with their name, and nothing else of the app.
 */
export function GuestMeetingPage({ createCall = createProviderCall }: { createCall?: CreateCall }) {
  const { t } = useTranslation('appointments');
  const [view, setView] = useState<{
    consultation: GuestConsultation | null;
    error: unknown;
    loading: boolean;
  }>({ consultation: null, error: null, loading: true });
  const { consultation, error, loading } = view;

  const load = useCallback(async () => {
    try {
      const loaded = await getGuestConsultation();
      setView({ consultation: loaded, error: null, loading: false });
      return loaded;
    } catch (failure) {
      setView((current) => ({ ...current, error: failure, loading: false }));
      return null;
    }
  }, []);
  const reload = () => {
    setView((current) => ({ ...current, loading: true }));
    void load();
  };

  useEffect(() => {
    void load().then((loaded) => {
      // The invitation's language, unless this browser has chosen one.
      if (loaded && localStorage.getItem(LOCALE_STORAGE_KEY) === null)
        void changeLocale(loaded.locale);
    });
  }, [load]);

  if (consultation === null) {
    if (loading)
      return (
        <div className="mx-auto w-full max-w-6xl">
          <PageTitle title={t('meeting.guest.title')} />
          <LoadingState label={t('meeting.loading')} />
        </div>
      );
    return (
      <GuestShell title={t('meeting.guest.title')}>
        <Alert tone="error">{t(guestErrorKey(error))}</Alert>
        <Button busy={loading} onClick={reload}>
          {t('meeting.guest.tryAgain')}
        </Button>
      </GuestShell>
    );
  }
  return (
    <div className="space-y-2">
      <p className="mx-auto w-full max-w-6xl text-sm text-slate-700">
        {t('meeting.guest.youAre', { name: consultation.guestName })}
      </p>
      <MeetingRoom
        subject={subjectOf(consultation)}
        join={joinAsGuest}
        checkSources={GUEST_CHECK_SOURCES}
        backTo={null}
        leaveTo={`${GUEST_HOME}/left`}
        createCall={createCall}
        onReload={reload}
        reloading={loading}
      />
    </div>
  );
}

/** /guest/left — after leaving: nothing to go back to but the call itself. */
export function GuestLeftPage() {
  const { t } = useTranslation('appointments');
  return (
    <GuestShell title={t('meeting.guest.leftTitle')}>
      <p className="text-slate-700">{t('meeting.guest.leftText')}</p>
      <Link to={GUEST_HOME} className={buttonClasses('secondary')}>
        {t('meeting.guest.rejoin')}
      </Link>
    </GuestShell>
  );
}
