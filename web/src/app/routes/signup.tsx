import { usePageTitle } from '../../lib/use-page-title.js';
import { SignupForm } from '../../features/auth/components/signup-form.js';

export default function SignupRoute() {
  usePageTitle('Signup');
  return <SignupForm />;
}
