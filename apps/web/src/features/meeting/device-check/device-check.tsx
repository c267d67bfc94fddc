import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { StreamVideo } from '../components/stream-video';
import { PENDING_REPORT, runConnectionCheck, type ConnectionSources } from './connection-check';
import { ConnectionResults } from './connection-results';
import { browserEnvironment, type DeviceCheckEnvironment } from './environment';
import { detectBrowser, mediaFixKey, type MediaOutcome } from './media-outcome';
import { MicrophoneMeter } from './microphone-meter';
import { trackDeviceId } from './preview-media';
import { UnsupportedBrowserNotice } from './unsupported-browser-notice';
import { useDevicePreview } from './use-device-preview';

/**
 * Where the device check gets its data: the connection check's ICE servers and download sample,
 * and (for a patient) the consent to the video service. The signed-in meeting page passes its
 * API calls; a page for a guest without an account passes its own.
 */
export interface DeviceCheckSources extends ConnectionSources {
  /** Absent for whoever does not consent here (staff are not the data subjects of the call). */
  consent?: { isDue: () => Promise<boolean>; give: () => Promise<void> } | undefined;
}

const CAMERA_KEYS = {
  ok: 'meeting.deviceCheck.camera.ok',
  blocked: 'meeting.deviceCheck.camera.blocked',
  notFound: 'meeting.deviceCheck.camera.notFound',
  inUse: 'meeting.deviceCheck.camera.inUse',
  insecure: 'meeting.deviceCheck.camera.insecure',
  failed: 'meeting.deviceCheck.camera.failed',
} as const satisfies Record<MediaOutcome, string>;

const MICROPHONE_KEYS = {
  ok: 'meeting.deviceCheck.microphone.ok',
  blocked: 'meeting.deviceCheck.microphone.blocked',
  notFound: 'meeting.deviceCheck.microphone.notFound',
  inUse: 'meeting.deviceCheck.microphone.inUse',
  insecure: 'meeting.deviceCheck.microphone.insecure',
  failed: 'meeting.deviceCheck.microphone.failed',
} as const satisfies Record<MediaOutcome, string>;

/** What joining will be like with what works (nothing to say when both do). */
function joinWithKey(camera: MediaOutcome, microphone: MediaOutcome) {
  if (camera === 'ok' && microphone === 'ok') return null;
  if (microphone === 'ok') return 'meeting.deviceCheck.joinWith.audioOnly';
  if (camera === 'ok') return 'meeting.deviceCheck.joinWith.videoOnly';
  return 'meeting.deviceCheck.joinWith.receiveOnly';
}

const UNNAMED_KEYS = {
  videoinput: 'meeting.deviceCheck.unnamedCamera',
  audioinput: 'meeting.deviceCheck.unnamedMicrophone',
  audiooutput: 'meeting.deviceCheck.unnamedSpeaker',
} as const satisfies Record<MediaDeviceKind, string>;

type ConsentState = 'none' | 'loading' | 'due' | 'given';
type ToneState = 'idle' | 'playing' | 'played' | 'failed';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The device check before joining a consultation (issue #12): camera preview, microphone level,
 * speaker test, the choice of devices (remembered on this device), the connection check, the
 * room's rules, the patient's consent when it is due, and "Join now" — disabled, with
 * `joinBlocked` beside it, while the meeting cannot be joined yet. A camera or microphone that
 * does not work never stops the join: the call goes on with what there is. A browser that cannot
 * join a call at all (no WebRTC) is told so first, with what to do; its join stays disabled.
 */
export function DeviceCheck({
  sources,
  joinBlocked,
  onJoin,
  environment: given,
}: {
  sources: DeviceCheckSources;
  /** Why the meeting cannot be joined yet; null when it can. */
  joinBlocked: ReactNode | null;
  /** The check's camera and microphone are stopped by then. */
  onJoin: () => void;
  environment?: DeviceCheckEnvironment;
}) {
  const { t } = useTranslation('appointments');
  const [environment] = useState(() => given ?? browserEnvironment());
  const browser = detectBrowser(environment.userAgent);
  const preview = useDevicePreview(environment.mediaDevices);
  const media = preview.media;
  const shown = media ?? preview.lastMedia;
  const stream = shown?.stream ?? null;
  const hasVideo = media?.camera === 'ok' && (stream?.getVideoTracks().length ?? 0) > 0;
  const hasAudio = media?.microphone === 'ok' && (stream?.getAudioTracks().length ?? 0) > 0;

  // The connection check: once on arrival, again on request.
  const [report, setReport] = useState(PENDING_REPORT);
  const [run, setRun] = useState(0);
  const [running, setRunning] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    void runConnectionCheck(sources, setReport, {
      createPeerConnection: environment.createPeerConnection,
      signal: controller.signal,
    }).then(() => {
      if (!controller.signal.aborted) setRunning(false);
    });
    return () => controller.abort();
  }, [sources, environment, run]);
  const checkAgain = () => {
    setReport(PENDING_REPORT);
    setRunning(true);
    setRun((n) => n + 1);
  };

  // The patient's consent: asked once, before the first call (and after a new version).
  const consent = sources.consent;
  const [consentState, setConsentState] = useState<ConsentState>(consent ? 'loading' : 'none');
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [consentFailed, setConsentFailed] = useState(false);
  const consentBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!consent) return;
    let current = true;
    // When the answer does not come, ask anyway: giving it twice changes nothing.
    consent.isDue().then(
      (due) => {
        if (current) setConsentState(due ? 'due' : 'given');
      },
      () => {
        if (current) setConsentState('due');
      },
    );
    return () => {
      current = false;
    };
  }, [consent]);

  const [tone, setTone] = useState<ToneState>('idle');
  const speakerId = preview.preferences.speakerId;
  const playTone = () => {
    setTone('playing');
    environment.playTestTone(speakerId).then(
      () => setTone('played'),
      () => setTone('failed'),
    );
  };

  const [joining, setJoining] = useState(false);
  const join = async () => {
    if (consentState === 'due') {
      if (!agreed) {
        setConsentMissing(true);
        consentBox.current?.querySelector('input')?.focus();
        return;
      }
      setJoining(true);
      setConsentFailed(false);
      try {
        await consent!.give();
      } catch {
        setJoining(false);
        setConsentFailed(true);
        return;
      }
    }
    preview.release();
    onJoin();
  };

  // Until the devices are listed, their fields stand there disabled: the check keeps one layout
  // from its first paint, so that the consent box and "Join now" do not move under a finger (or
  // a test's click) as the camera opens.
  const { cameras, microphones, speakers } = preview.lists;
  const { listed } = preview;
  const deviceName = (device: MediaDeviceInfo, index: number) =>
    device.label || t(UNNAMED_KEYS[device.kind], { number: index + 1 });
  // The device in use (the browser may have taken another than the remembered one).
  const cameraValue = trackDeviceId(stream, 'video') ?? preview.preferences.cameraId ?? '';
  const microphoneValue = trackDeviceId(stream, 'audio') ?? preview.preferences.microphoneId ?? '';
  const speakerValue =
    speakers.find((s) => s.deviceId === speakerId)?.deviceId ?? speakers[0]?.deviceId ?? '';
  const fixes = media
    ? [
        ...new Set(
          [mediaFixKey(media.camera, browser), mediaFixKey(media.microphone, browser)].filter(
            (key) => key !== null,
          ),
        ),
      ]
    : [];
  const joinWith = media ? joinWithKey(media.camera, media.microphone) : null;

  return (
    <div className="space-y-4" data-testid="device-check">
      <div className="space-y-1">
        <h2 className="text-xl font-bold text-slate-900">{t('meeting.deviceCheck.title')}</h2>
        <p className="text-slate-700">{t('meeting.deviceCheck.intro')}</p>
      </div>

      {!environment.canJoinCalls && <UnsupportedBrowserNotice link={window.location.href} />}

      <Section title={t('meeting.deviceCheck.devicesTitle')}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
              <StreamVideo
                stream={hasVideo ? stream : null}
                muted
                label={t('meeting.deviceCheck.preview')}
                testId="preview-video"
                className="size-full -scale-x-100"
              />
              {!hasVideo && (
                <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm font-medium text-white">
                  {media ? t('meeting.deviceCheck.noPreview') : t('meeting.deviceCheck.asking')}
                </p>
              )}
            </div>
            {/* Room for both lines from the start: nothing below moves when they come. */}
            <div role="status" className="min-h-11 space-y-1 text-sm">
              {media && (
                <>
                  <p className={media.camera === 'ok' ? 'text-emerald-800' : 'text-slate-900'}>
                    {t(CAMERA_KEYS[media.camera])}
                  </p>
                  <p className={media.microphone === 'ok' ? 'text-emerald-800' : 'text-slate-900'}>
                    {t(MICROPHONE_KEYS[media.microphone])}
                  </p>
                </>
              )}
            </div>
            {(fixes.length > 0 || joinWith) && (
              <Alert tone="info">
                {fixes.map((key) => (
                  <p key={key}>{t(key)}</p>
                ))}
                {joinWith && <p className="mt-1 font-medium">{t(joinWith)}</p>}
              </Alert>
            )}
            {media && (media.camera !== 'ok' || media.microphone !== 'ok') && (
              <Button variant="secondary" onClick={preview.retry}>
                {t('meeting.deviceCheck.retryDevices')}
              </Button>
            )}
          </div>

          <div className="space-y-4">
            {(cameras.length > 0 || !listed) && (
              <SelectField
                label={t('meeting.deviceCheck.cameraLabel')}
                disabled={!listed}
                value={cameraValue}
                onChange={(event) => preview.choose({ cameraId: event.target.value })}
              >
                {cameras.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {deviceName(device, index)}
                  </option>
                ))}
              </SelectField>
            )}
            {(microphones.length > 0 || !listed) && (
              <SelectField
                label={t('meeting.deviceCheck.microphoneLabel')}
                disabled={!listed}
                value={microphoneValue}
                onChange={(event) => preview.choose({ microphoneId: event.target.value })}
              >
                {microphones.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {deviceName(device, index)}
                  </option>
                ))}
              </SelectField>
            )}
            {/* At rest while the microphone is being opened, so that it takes its room at once. */}
            {(hasAudio || !media) && (
              <MicrophoneMeter
                stream={hasAudio ? stream : null}
                AudioContextClass={environment.AudioContext}
              />
            )}
            {environment.canChooseSpeaker && (speakers.length > 0 || !listed) ? (
              <SelectField
                label={t('meeting.deviceCheck.speakerLabel')}
                disabled={!listed}
                value={speakerValue}
                onChange={(event) => preview.choose({ speakerId: event.target.value })}
              >
                {speakers.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {deviceName(device, index)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="text-sm text-slate-700">{t('meeting.deviceCheck.speakerDefault')}</p>
            )}
            <div className="space-y-1.5">
              <Button variant="secondary" busy={tone === 'playing'} onClick={playTone}>
                {t('meeting.deviceCheck.speaker.test')}
              </Button>
              <p role="status" className="text-sm text-slate-700">
                {tone === 'playing'
                  ? t('meeting.deviceCheck.speaker.playing')
                  : tone === 'played'
                    ? t('meeting.deviceCheck.speaker.played')
                    : tone === 'failed'
                      ? t('meeting.deviceCheck.speaker.failed')
                      : ''}
              </p>
            </div>
          </div>
        </div>
      </Section>

      <Section title={t('meeting.deviceCheck.connection.title')}>
        <p role="status" className="sr-only">
          {running
            ? t('meeting.deviceCheck.connection.running')
            : t('meeting.deviceCheck.connection.done')}
        </p>
        <ConnectionResults report={report} />
        <Button variant="secondary" disabled={running} onClick={checkAgain}>
          {t('meeting.deviceCheck.connection.retry')}
        </Button>
      </Section>

      <Section title={t('meeting.deviceCheck.rules.title')}>
        <ul className="list-disc space-y-1 pl-5 text-slate-800">
          <li>{t('meeting.deviceCheck.rules.noRecording')}</li>
          <li>{t('meeting.deviceCheck.rules.introductions')}</li>
        </ul>
      </Section>

      {consentState === 'due' && (
        <Section title={t('meeting.deviceCheck.consent.title')}>
          <div ref={consentBox}>
            <CheckboxField
              label={t('meeting.deviceCheck.consent.label')}
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setConsentMissing(false);
              }}
              error={consentMissing ? t('meeting.deviceCheck.consent.required') : undefined}
            />
          </div>
          <p className="text-sm text-slate-700">
            {t('meeting.deviceCheck.consent.note')}{' '}
            {/* A new tab: the check, its choices and the ticked box stay as they are. */}
            <Link
              to="/legal/privacy"
              target="_blank"
              rel="noopener"
              className="font-medium text-teal-800 underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              {t('meeting.deviceCheck.consent.privacyLink')}
            </Link>
          </p>
          {consentFailed && <Alert tone="error">{t('meeting.deviceCheck.consent.failed')}</Alert>}
        </Section>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          className="sm:min-w-40"
          disabled={joinBlocked !== null || !environment.canJoinCalls}
          busy={joining || consentState === 'loading'}
          onClick={() => void join()}
        >
          {t('meeting.deviceCheck.join')}
        </Button>
        {environment.canJoinCalls ? (
          joinBlocked
        ) : (
          <p className="text-sm text-slate-700">
            {t('meeting.deviceCheck.unsupported.joinBlocked')}
          </p>
        )}
      </div>
    </div>
  );
}
