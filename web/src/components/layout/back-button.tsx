import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowBackIcon } from '../icons/arrow-back.js';

/** A link back to the list a screen was opened from ("My Orders"), drawn as a button. */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />}>
      {children}
    </Button>
  );
}
