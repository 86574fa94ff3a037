import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../config/paths.js';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
};

/** The router's page for anything a screen did not handle (docs/product.md §2.18). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '70vh',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        px: 3,
        py: 8,
      }}
    >
      <Box sx={{ maxWidth: 560 }}>
        <Typography variant="h3" component="h1" gutterBottom>
          Unexpected Application Error!
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          Something broke on our side while showing this page. Reloading usually helps.
        </Typography>
        <Typography
          component="pre"
          sx={{
            fontFamily: 'monospace',
            fontSize: 14,
            whiteSpace: 'pre-wrap',
            color: 'error.main',
            bgcolor: 'rgba(192, 57, 43, 0.06)',
            borderRadius: 2,
            p: 2,
            my: 3,
          }}
        >
          {describe(error)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          {/* A plain link: the router itself may be what failed. */}
          <Button variant="outlined" href={paths.root.getHref()}>
            Back to the shop
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
