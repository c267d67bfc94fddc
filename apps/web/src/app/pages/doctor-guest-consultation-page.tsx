import { useSession } from '../../features/auth/hooks/use-session';
import { DoctorGuestConsultationPage } from '../../features/doctor/components/guest-consultation-page';

// Features do not import each other: the app hands the doctor's page the signed-in doctor's id,
// whose calendar the free slots come from.

/** /doctor/guest-consultations/new in the signed-in doctor's own calendar. */
export function DoctorGuestConsultationRoute() {
  const { user } = useSession();
  // The doctor area's guard ran: a signed-in doctor is here.
  return <DoctorGuestConsultationPage doctorId={user?.userId ?? ''} />;
}
