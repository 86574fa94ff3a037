import { Outlet } from 'react-router';
import { RequireAdmin } from '../../../features/auth/components/require-admin.js';

/** Wraps every admin screen in the admin guard (docs/product.md §4.5, §6). */
export default function AdminRoutes() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
