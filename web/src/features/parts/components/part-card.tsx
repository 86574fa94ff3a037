import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isInStock, saleOf, type CataloguePart } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { PartImage } from '../../../components/data/part-image.js';
import { SalePrice } from '../../../components/data/sale-price.js';
import { useBuyNowHref } from '../hooks/use-buy-now-href.js';
import { PartRating } from './part-rating.js';
import { StockBadge } from './stock-badge.js';

/** docs/product.md §9: the card shows the first 70 characters of the description. */
export const DESCRIPTION_PREVIEW_LENGTH = 70;

export const previewDescription = (description: string) =>
  description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;

const imageBoxSx = {
  aspectRatio: '4 / 3',
  bgcolor: '#eef2f4',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  borderBottom: '1px solid rgba(31, 38, 43, 0.06)',
} as const;

/**
 * How many cards of a grid load their picture at once: the first row at any width, where the
 * largest picture of the page (its LCP) is; the rest load as they scroll near (docs/decisions/032).
 */
export const EAGER_PART_IMAGES = 3;

/**
 * `action`: a control the screen adds above Buy Now (the cart's Add to cart). The name leads to
 * the product page. A sold-out part shows one disabled "Sold out" instead of both. `eager`: the
 * picture loads at once (a card of the first row).
 */
export function PartCard({
  part,
  action,
  eager = false,
}: {
  part: CataloguePart;
  action?: ReactNode;
  eager?: boolean;
}) {
  const productHref = paths.part.getHref(part._id);
  const buyNowHref = useBuyNowHref(part._id);
  const soldOut = !isInStock(part);
  // The first picture is the card's (decision 096); its alt text says what it shows.
  const [mainPicture] = part.images;
  return (
    <Card
      data-testid="part-card"
      component="article"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={imageBoxSx}>
        <PartImage
          src={part.img}
          alt={mainPicture?.alt ?? part.productName}
          renditions={mainPicture?.renditions}
          // One column on a phone, two on a tablet, four from 1200 px (the catalogue's grid).
          sizes="(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw"
          loading={eager ? 'eager' : 'lazy'}
          sx={{ width: '100%', height: '100%' }}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <StockBadge part={part} />
          <PartRating part={part} />
        </Stack>
        <Typography variant="h6" component="h3">
          <Link
            component={RouterLink}
            to={productHref}
            color="inherit"
            underline="hover"
            data-testid="part-link"
            // The whole row on a phone, not only the text's width.
            sx={{ ...phoneTapTarget, display: { xs: 'flex', sm: 'inline' } }}
          >
            {part.productName}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {previewDescription(part.description)}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 'auto', color: 'text.secondary' }}
        >
          <Typography variant="body2">Available: {part.quantity}</Typography>
          <Typography variant="body2">Min Order: {part.order}</Typography>
        </Stack>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ color: 'primary.main', fontSize: '1.1rem' }}
        >
          Price: <SalePrice {...saleOf(part)} />
        </Typography>
      </CardContent>
      <CardActions
        disableSpacing
        sx={{ px: 2, pb: 2, pt: 0, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}
      >
        {soldOut ? (
          <Button
            fullWidth
            variant="contained"
            disabled
            aria-label={`Sold out: ${part.productName}`}
          >
            Sold out
          </Button>
        ) : (
          <>
            {action}
            <Button
              fullWidth
              variant="contained"
              color="secondary"
              component={RouterLink}
              to={buyNowHref}
              aria-label={`Buy Now: ${part.productName}`}
            >
              Buy Now
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}

/** Placeholder with the card's shape while the parts load. */
export function PartCardSkeleton() {
  return (
    <Card aria-hidden="true" sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <CardContent>
        <Skeleton variant="text" sx={{ fontSize: '1.3rem', width: '80%' }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '60%' }} />
        <Skeleton variant="text" sx={{ width: '40%', mt: 2 }} />
        <Skeleton variant="rounded" height={38} sx={{ mt: 2, borderRadius: 999 }} />
      </CardContent>
    </Card>
  );
}
