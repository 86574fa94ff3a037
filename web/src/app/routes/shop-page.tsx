import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/feedback/not-found-page.js';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { QueryError } from '../../components/feedback/query-error.js';
import { PageSection } from '../../components/layout/page-section.js';
import { useShopPage } from '../../features/shop-pages/api/get-shop-page.js';
import { PageText } from '../../components/data/page-text.js';
import { isNotFoundError } from '../../lib/api-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';

/**
 * A page the owner wrote (issue 36 item 2): Terms, Privacy, Shipping, Returns, About or another,
 * at /pages/{slug}, rendered on the server with its head (app/page-head.ts). A draft or an
 * address with no page is "GOT LOST ?" with status 404.
 */
export default function ShopPageRoute() {
  const { slug = '' } = useParams();
  const page = useShopPage(slug);
  const notFound = isNotFoundError(page.error);
  usePageTitle(page.data?.title ?? (notFound ? 'Page not found' : undefined));
  if (notFound) return <NotFoundPage />;
  if (page.isPending) return <FullScreenSpinner label="Loading the page" />;
  if (page.isError) return <QueryError query={page} />;
  return (
    <PageSection maxWidth="md">
      <Paper component="article" aria-labelledby="page-title" sx={{ p: { xs: 2.5, sm: 4, md: 6 } }}>
        <Typography id="page-title" variant="h3" component="h1" sx={{ mb: { xs: 3, md: 4 } }}>
          {page.data.title}
        </Typography>
        <PageText html={page.data.html} />
      </Paper>
    </PageSection>
  );
}
