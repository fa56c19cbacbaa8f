import { useLocation, useNavigate } from 'react-router';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { LoginPage } from './login-page';

/** The login page inside the app's router: client-side navigation, remembered origin included. */
export function RoutedLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  return <LoginPage navigate={(to) => void navigate(to)} finishSignIn={finishSignIn} search={location.search} />;
}
