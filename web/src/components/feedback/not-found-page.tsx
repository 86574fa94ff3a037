import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.js';
import { LostRider } from '../illustrations/lost-rider.js';
import { PageSection } from '../layout/page-section.js';

/**
 * "GOT LOST ?" (docs/product.md §2.18): an address the shop does not know, and a part that is
 * not (or no longer) in the catalogue. The server answers both with status 404 and this page.
 */
export function NotFoundPage() {
  return (
    <PageSection maxWidth="sm">
      <Box sx={{ textAlign: 'center' }}>
        <LostRider />
        <Typography variant="h2" component="h1" sx={{ mt: 3, mb: 1 }}>
          GOT LOST ?
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          This road does not lead anywhere. The page you are looking for is not here.
        </Typography>
        <Button component={RouterLink} to={paths.root.getHref()} variant="contained" size="large">
          Back to the shop
        </Button>
      </Box>
    </PageSection>
  );
}
