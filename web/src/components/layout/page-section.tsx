import Box from '@mui/material/Box';
import Container, { type ContainerProps } from '@mui/material/Container';
import type { ReactNode } from 'react';

/** A band of the page with the shop's standard spacing; `tone` alternates backgrounds. */
export function PageSection({
  children,
  tone = 'default',
  maxWidth = 'lg',
  id,
}: {
  children: ReactNode;
  tone?: 'default' | 'paper';
  maxWidth?: ContainerProps['maxWidth'];
  id?: string;
}) {
  return (
    <Box
      id={id}
      sx={{ bgcolor: tone === 'paper' ? 'background.paper' : 'transparent', py: { xs: 6, md: 9 } }}
    >
      <Container maxWidth={maxWidth}>{children}</Container>
    </Box>
  );
}
