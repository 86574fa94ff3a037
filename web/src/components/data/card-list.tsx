import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen's list of cards, each card an `li` (Messages, Returns), named for screen readers; a
 * quiet note in its place when there is none.
 */
export function CardList({
  label,
  empty,
  children,
}: {
  label: string;
  /** Said when the list has no card. */
  empty: string;
  children: ReactNode[];
}) {
  if (children.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography color="textSecondary">{empty}</Typography>
      </Paper>
    );
  return (
    <Stack
      component="ul"
      aria-label={label}
      spacing={2}
      sx={{ listStyle: 'none', m: 0, p: 0, maxWidth: 880 }}
    >
      {children}
    </Stack>
  );
}
