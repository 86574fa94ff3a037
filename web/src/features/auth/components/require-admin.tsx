import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useRef, type ReactNode } from 'react';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuthActions, useSession } from '../../../lib/auth.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useAdminStatus } from '../api/get-admin-status.js';
import { RequireAuth } from './require-auth.js';

const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

function AdminCheck({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const email = user?.email ?? null;
  const status = useAdminStatus(email);
  const { logOut } = useAuthActions();
  const denied = !email || status.data?.admin === false || isRefusal(status.error);
  const signingOut = useRef(false);

  useEffect(() => {
    // docs/product.md §4.5: a non-admin is signed out and the token cleared; RequireAuth then sends
    // them to /login because the session is gone.
    if (denied && !signingOut.current) {
      signingOut.current = true;
      void logOut();
    }
  }, [denied, logOut]);

  if (denied || status.isPending) return <FullScreenSpinner label="Checking admin rights" />;
  if (status.isError)
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void status.refetch()}>
              Try again
            </Button>
          }
        >
          Could not check your admin rights: {errorMessage(status.error)}
        </Alert>
      </Container>
    );
  return children;
}

/** Admin guard (docs/product.md §4.5): signed in first, then admin status from the server. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminCheck>{children}</AdminCheck>
    </RequireAuth>
  );
}
