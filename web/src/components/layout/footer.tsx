import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.js';
import { phoneTapTarget } from '../../lib/tap-target.js';
import { LogoMark } from './logo-mark.js';

const COLUMNS = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#14262b', color: 'rgba(255,255,255,0.86)', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: '#fff', mb: 1.5 }}>
              <LogoMark size={36} />
              <Typography variant="h6" component="p">
                Sprocket
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ opacity: 0.75, maxWidth: 260 }}>
              Bicycle parts that keep you rolling: drivetrain, wheels, cockpit and lights.
            </Typography>
          </Grid>
          {COLUMNS.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 3 }}>
              <Typography variant="overline" component="h2" sx={{ color: '#f39a5a' }}>
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((label) => (
                  <Box component="li" key={label} sx={{ py: { sm: 0.5 } }}>
                    {/* On a phone each link is a 44 px row, tall enough for a finger. */}
                    <Link
                      component={RouterLink}
                      to={paths.root.getHref()}
                      color="inherit"
                      sx={phoneTapTarget}
                    >
                      {label}
                    </Link>
                  </Box>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography
          variant="body2"
          sx={{ mt: 6, pt: 3, borderTop: '1px solid rgba(255,255,255,0.12)', opacity: 0.7 }}
        >
          Copyright © {year} Sprocket — bicycle parts. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
