import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { shopPageTitle } from '@sprocket/contract';
import { lazy, Suspense, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowForwardIcon } from '../../components/icons/arrow-forward.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { useSession } from '../../lib/auth.js';
import { useLayoutBrand } from '../../lib/brand-query.js';
import { useNearViewport } from '../../lib/use-near-viewport.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AddToCart } from '../../features/cart/components/add-to-cart.js';
import { BusinessSummary } from '../../features/home/components/business-summary.js';
import { HeroCarousel, type Slide } from '../../features/home/components/hero-carousel.js';
import { useParts } from '../../features/parts/api/get-parts.js';
import { PartsGrid } from '../../features/parts/components/parts-grid.js';
import { useReviews } from '../../features/reviews/api/get-reviews.js';
import { ReviewsGrid } from '../../features/reviews/components/reviews-grid.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/**
 * At the foot of the page, with formik and the contact schema (yup): asked for once the visitor
 * scrolls towards it, so it never holds up the first render or the hydration (docs/decisions/032,
 * 058).
 */
const ContactForm = lazy(async () => ({
  default: (await import('../../features/contact/components/contact-form.js')).ContactForm,
}));

/** docs/product.md §9: the home page shows at most six parts and six reviews. */
const HOME_LIMIT = 6;

const SLIDES: Slide[] = [
  {
    title: 'Parts that keep you rolling',
    text: 'Chains, cassettes, tyres and brakes for road, gravel and mountain bikes, in stock and ready to ship.',
    cta: { label: 'Shop all parts', to: paths.parts.getHref() },
    art: 'bicycle',
    background: 'linear-gradient(120deg, #07333a 0%, #0e4a52 55%, #2b6f78 100%)',
  },
  {
    title: 'A drivetrain that shifts like new',
    text: 'Fresh chainrings, cassettes and chains bring back crisp, quiet shifting. Order exactly what your bike needs.',
    cta: { label: 'Browse drivetrain parts', to: paths.parts.getHref() },
    art: 'chainring',
    background: 'linear-gradient(120deg, #1f262b 0%, #2e3a40 50%, #0e4a52 100%)',
  },
  {
    title: 'Be seen after dark',
    text: 'Bright, rechargeable front and rear lights for the commute home. Riders tell us what works in our reviews.',
    cta: { label: 'Read the reviews', to: paths.reviews.getHref() },
    art: 'headlight',
    background: 'linear-gradient(120deg, #5a2a0c 0%, #b8561a 55%, #e8772e 100%)',
  },
];

/**
 * The summary with the signed-in visitor's picture. The session is read here, not by the page: it
 * becomes known once the page is hydrated, and only this renders again then (docs/decisions/117).
 */
function VisitorsBusinessSummary() {
  const { user } = useSession();
  return <BusinessSummary avatarUrl={user?.photoURL} userName={user?.displayName} />;
}

export default function HomeRoute() {
  usePageTitle();
  const brand = useLayoutBrand();
  const contactSection = useRef<HTMLDivElement>(null);
  const contactReady = useNearViewport(contactSection);
  const parts = useParts();
  const reviews = useReviews();

  return (
    <>
      <Typography component="h1" sx={visuallyHidden}>
        {brand && shopPageTitle(brand.name)}
      </Typography>
      <HeroCarousel slides={SLIDES} />
      <PageSection>
        <PartsGrid
          parts={parts.data?.slice(0, HOME_LIMIT)}
          isLoading={parts.isPending}
          failed={parts.isError ? parts : null}
          partAction={(part) => <AddToCart part={part} />}
        />
        <Box sx={{ textAlign: 'center', mt: 5 }}>
          <Button
            component={RouterLink}
            to={paths.parts.getHref()}
            variant="outlined"
            size="large"
            endIcon={<ArrowForwardIcon />}
          >
            See All Parts
          </Button>
        </Box>
      </PageSection>
      <PageSection tone="paper">
        <VisitorsBusinessSummary />
      </PageSection>
      <PageSection>
        <ReviewsGrid
          reviews={reviews.data?.slice(0, HOME_LIMIT)}
          isLoading={reviews.isPending}
          failed={reviews.isError ? reviews : null}
          title="Reviews"
          layout={{}}
        />
      </PageSection>
      <PageSection tone="paper" id="contact">
        <Grid container spacing={{ xs: 3, md: 6 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              Get in touch
            </Typography>
            <Typography color="textSecondary">
              Not sure which cassette fits your hub, or need a part we do not list? Write to us and
              a mechanic from our workshop will answer within one working day.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} ref={contactSection}>
            <Suspense>{contactReady && <ContactForm />}</Suspense>
          </Grid>
        </Grid>
      </PageSection>
    </>
  );
}
