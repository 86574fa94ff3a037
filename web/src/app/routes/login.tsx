import { usePageTitle } from '../../lib/use-page-title.js';
import { LoginForm } from '../../features/auth/components/login-form.js';

export default function LoginRoute() {
  usePageTitle('Login');
  return <LoginForm />;
}
