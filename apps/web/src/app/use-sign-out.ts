import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';

/** Signs out, then goes to the welcome page whatever the server answered (spec §2, §4). */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };
  return { signOut, signingOut: logout.isPending };
}
