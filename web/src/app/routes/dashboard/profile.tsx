import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { SavedCards } from '../../../features/payments/components/saved-cards.js';
import { MyProfile } from '../../../features/profile/components/my-profile.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MyProfileRoute() {
  usePageTitle('My Profile');
  const { user } = useSession();
  return (
    <>
      <DashboardHeading title="My Profile" />
      {user?.email && (
        <>
          <MyProfile
            owner={{ email: user.email, displayName: user.displayName, photoURL: user.photoURL }}
          />
          <SavedCards />
        </>
      )}
    </>
  );
}
