import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The loading indicator (docs/product.md §2.2): a spinner filling the space below the bar. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', width: '100%' }}
    >
      <CircularProgress color="secondary" size={56} thickness={4} aria-label={label} />
    </Box>
  );
}
