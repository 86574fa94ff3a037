import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The title block of a dashboard screen: its name (the page's h1) and a line about it. */
export function DashboardHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: { xs: 2.5, md: 3.5 } }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children && (
        <Typography color="textSecondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
