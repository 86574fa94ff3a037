import Typography from '@mui/material/Typography';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/** Placeholder until the dashboard's My Profile screen lands. */
export default function MyProfileRoute() {
  usePageTitle('My Profile');
  const { user } = useSession();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        My Profile
      </Typography>
      <Typography color="text.secondary">{user?.displayName ?? user?.email}</Typography>
    </>
  );
}
