import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LostRider } from '../../components/illustrations/lost-rider.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <PageSection maxWidth="sm">
      <Box sx={{ textAlign: 'center' }}>
        <LostRider />
        <Typography variant="h2" component="h1" sx={{ mt: 3, mb: 1 }}>
          GOT LOST ?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This road does not lead anywhere. The page you are looking for is not here.
        </Typography>
        <Button component={RouterLink} to={paths.root.getHref()} variant="contained" size="large">
          Back to the shop
        </Button>
      </Box>
    </PageSection>
  );
}
