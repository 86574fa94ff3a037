import { Outlet } from 'react-router';
import { RequireAdmin } from '../../../features/auth/components/require-admin.js';

/** Wraps every admin screen in the admin guard (spec §4, §6). */
export default function AdminRoutes() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
