import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { clearBookingIntent } from '../lib/booking-intent';

/** Signs out, then goes to the welcome page whatever the server answered (spec §2, §4). */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = () => {
    // A time chosen before signing in is the chooser's: the next person on this computer is not.
    clearBookingIntent();
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };
  return { signOut, signingOut: logout.isPending };
}
