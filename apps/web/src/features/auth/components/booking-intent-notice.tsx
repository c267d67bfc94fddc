import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { clearBookingIntent, type BookingIntent } from '../../../lib/booking-intent';
import { formatClock, formatLongDate } from '../../../lib/dates';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { viewerTimeZone } from '../../../lib/viewer-zone';

// Its texts are the signed-in screens': fetched with this chunk, which the welcome page loads only
// when a time is remembered — so `/` carries none of it (ADR 0010).
const texts = loadSignedInTranslations();

/**
 * The welcome page's word about a time chosen on a public doctor page (issue #22): signing in or
 * registering goes on to book it — or the time can be forgotten here.
 */
export function BookingIntentNotice({ intent }: { intent: BookingIntent }) {
  use(texts);
  const { t } = useTranslation('appointments');
  const [forgotten, setForgotten] = useState(false);
  if (forgotten) return null;
  // The reader's own day and time, as every booking screen shows them (ADR 0019).
  const when = {
    date: formatLongDate(new Date(intent.at)),
    time: formatClock(intent.at, viewerTimeZone()),
  };
  return (
    <Alert tone="info" className="mb-6">
      <p>
        {intent.doctorName
          ? t('bookingLink.notice', { doctor: intent.doctorName, ...when })
          : t('bookingLink.noticeAnyDoctor', when)}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => {
          clearBookingIntent();
          setForgotten(true);
        }}
      >
        {t('bookingLink.forget')}
      </Button>
    </Alert>
  );
}
