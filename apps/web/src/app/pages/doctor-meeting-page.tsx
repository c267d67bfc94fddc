import { MeetingPage } from '../../features/meeting/components/meeting-page';

/** /doctor/meeting/:id — the same call as the patient's, returning to the doctor area. */
export function DoctorMeetingRoute() {
  return <MeetingPage backTo="/doctor" />;
}
