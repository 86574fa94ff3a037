import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  catalogueSearch,
  isInStock,
  categoryOf,
  saleOf,
  type CataloguePart,
  type PartVariant,
} from '@sprocket/contract';
import { useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SalePrice } from '../../../components/data/sale-price.js';
import { paths } from '../../../config/paths.js';
import { useCategories } from '../../../lib/categories-query.js';
import { useBuyNowHref } from '../hooks/use-buy-now-href.js';
import { PartRating } from './part-rating.js';
import { StockBadge } from './stock-badge.js';
import { PartFigures } from './part-figures.js';
import { PartGallery } from './part-gallery.js';
import { PartSpecs } from './part-specs.js';
import { PhoneBuyBar } from './phone-buy-bar.js';

/**
 * A product page's part (docs/product.md §2.25): its pictures (PartGallery), its category (a link
 * to the category in All Parts), name, rating, price, stock badge, minimum order, description and
 * specifications.
 * `buy` is the screen's buying controls (quantity, Add to cart); Buy Now goes to the purchase page.
 * A sold-out part shows one disabled "Sold out" instead of both, and `whenSoldOut` under it (the
 * screen's back-in-stock alert). A part sold in variants shows the `picker` and the chosen
 * `variant`'s price, stock and specifications, and buys that variant.
 * On a phone (issue 35 item 7) Buy Now is on the first screen: the category is the breadcrumb's,
 * and stock and minimum order follow the buttons; once they scroll away, a bar at the foot of the
 * screen keeps the price and Add to cart (`buyFormId`, the form `buy` holds).
 */
export function ProductDetails({
  part,
  buy,
  variant,
  picker,
  whenSoldOut,
  buyFormId,
}: {
  part: CataloguePart;
  buy?: ReactNode;
  variant?: PartVariant;
  picker?: ReactNode;
  whenSoldOut?: ReactNode;
  buyFormId?: string;
}) {
  // What is bought: the part, or the chosen variant at its price and with its stock.
  const sold = variant
    ? { ...part, price: variant.price, quantity: variant.quantity, variants: [] }
    : part;
  const soldOut = !isInStock(sold);
  const buyNow = useBuyNowHref(part._id, variant?.sku);
  const buying = useRef<HTMLElement>(null);
  // A part of a hidden category links to no list of it (docs/decisions/108).
  const category = categoryOf(useCategories(), part.category);
  return (
    <Grid container spacing={{ xs: 3, md: 5 }} component="article" data-testid="product-details">
      <Grid size={{ xs: 12, md: 6 }}>
        <PartGallery part={part} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          {category && (
            <Chip
              component={RouterLink}
              to={paths.parts.getHref(catalogueSearch({ category: part.category }))}
              clickable
              label={category.name}
              size="small"
              sx={{ alignSelf: 'flex-start', display: { xs: 'none', md: 'inline-flex' } }}
            />
          )}
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
            {part.productName}
          </Typography>
          <PartRating part={part} size="medium" />
          <Typography variant="h4" component="p" sx={{ color: 'primary.main' }}>
            Price per unit: <SalePrice {...saleOf(part, variant)} />
          </Typography>
          {picker}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Stack
              direction="row"
              // Below the buttons on a phone; a row without controls, so the focus order holds.
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, order: { xs: 1, md: 0 } }}
            >
              <StockBadge part={sold} size="medium" />
              <PartFigures part={sold} />
            </Stack>
            {soldOut ? (
              <Stack spacing={1.5}>
                <Button variant="contained" size="large" disabled fullWidth>
                  Sold out
                </Button>
                {whenSoldOut}
              </Stack>
            ) : (
              <Stack spacing={1.5} component="section" aria-label="Buy this part" ref={buying}>
                {buy}
                <Button
                  variant="contained"
                  color="secondary"
                  size="large"
                  fullWidth
                  component={RouterLink}
                  to={buyNow}
                >
                  Buy Now
                </Button>
              </Stack>
            )}
          </Box>
          {!soldOut && buyFormId && (
            <PhoneBuyBar price={sold.price} formId={buyFormId} buying={buying} />
          )}
          <Divider />
          <Typography
            color="textSecondary"
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {part.description}
          </Typography>
          <PartSpecs part={part} variant={variant} />
        </Stack>
      </Grid>
    </Grid>
  );
}
