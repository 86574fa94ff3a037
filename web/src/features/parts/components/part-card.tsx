import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { isInStock, saleOf, type CataloguePart } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
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
  // Plain elements styled by part-card-styles.ts, not MUI's components: a page of cards hydrated
  // faster without a styled component for each box and line of text (docs/decisions/110).
  return (
    <article data-testid="part-card" className="part-card">
      <div className="part-card-picture">
        <PartImage
          src={part.img}
          alt={mainPicture?.alt ?? part.productName}
          renditions={mainPicture?.renditions}
          // One column on a phone, two on a tablet, four from 1200 px (the catalogue's grid).
          sizes="(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw"
          loading={eager ? 'eager' : 'lazy'}
          className="part-card-image"
        />
      </div>
      <div className="part-card-content">
        <div className="part-card-status">
          <StockBadge part={part} />
          <PartRating part={part} />
        </div>
        <h3 className="part-card-name">
          <RouterLink to={productHref} data-testid="part-link">
            {part.productName}
          </RouterLink>
        </h3>
        <p className="part-card-text">{previewDescription(part.description)}</p>
        <div className="part-card-figures">
          <p className="part-card-text">Available: {part.quantity}</p>
          <p className="part-card-text">Min Order: {part.order}</p>
        </div>
        <p className="part-card-price">
          Price: <SalePrice {...saleOf(part)} />
        </p>
      </div>
      <div className="part-card-actions">
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
            <RouterLink
              className="part-card-buy-now"
              to={buyNowHref}
              aria-label={`Buy Now: ${part.productName}`}
            >
              Buy Now
            </RouterLink>
          </>
        )}
      </div>
    </article>
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
