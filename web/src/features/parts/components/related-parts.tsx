import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CataloguePart } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { PartImage } from '../../../components/data/part-image.js';
import { paths } from '../../../config/paths.js';
import { formatPrice } from '../../../lib/money.js';
import { useRelatedParts } from '../api/get-related-parts.js';
import { PartRating } from './part-rating.js';
import { StockBadge } from './stock-badge.js';

/**
 * A part beside another on its page: its picture, name (the link to its page), rating, stock and
 * price. No buying controls: the shopper looks at it on its own page first, and the page keeps
 * one Buy Now and one Add to cart.
 */
function PartTile({ part }: { part: CataloguePart }) {
  const [picture] = part.images;
  return (
    <Card
      component="li"
      data-testid="related-part"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', scrollSnapAlign: 'start' }}
    >
      <PartImage
        src={part.img}
        alt=""
        renditions={picture?.renditions}
        sizes="(min-width: 900px) 280px, 70vw"
        loading="lazy"
        sx={{ width: '100%', aspectRatio: '4 / 3' }}
      />
      <Stack spacing={1} sx={{ p: 2, flex: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ lineHeight: 1.3 }}>
          <Link
            component={RouterLink}
            to={paths.part.getHref(part._id)}
            color="inherit"
            underline="hover"
            // The whole tile answers the tap: the link's box covers the card.
            sx={{
              display: 'block',
              minHeight: 44,
              '&::after': { content: '""', position: 'absolute', inset: 0 },
            }}
          >
            {part.productName}
          </Link>
        </Typography>
        <PartRating part={part} />
        <Stack
          direction="row"
          sx={{ mt: 'auto', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography sx={{ color: 'primary.main', fontWeight: 600 }}>
            {formatPrice(part.price)}
          </Typography>
          <StockBadge part={part} />
        </Stack>
      </Stack>
    </Card>
  );
}

function PartRow({ title, parts }: { title: string; parts: CataloguePart[] }) {
  if (parts.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          // A phone swipes through the row; from 900 px the four sit side by side.
          gridAutoFlow: { xs: 'column', md: 'row' },
          gridAutoColumns: { xs: '70%', sm: '40%' },
          gridTemplateColumns: { md: 'repeat(4, minmax(0, 1fr))' },
          overflowX: { xs: 'auto', md: 'visible' },
          scrollSnapType: 'x mandatory',
          pb: { xs: 1, md: 0 },
          '& > li': { position: 'relative' },
        }}
      >
        {parts.map((part) => (
          <PartTile key={part._id} part={part} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Below a product page's part (issue 35 item 7): "Fits with this part", the parts that share its
 * standards, and "Related parts", others of its kind (the contract's relatedParts). Nothing
 * while they load or when there are none.
 */
export function RelatedParts({ partId }: { partId: string }) {
  const { data } = useRelatedParts(partId);
  if (!data || (data.fits.length === 0 && data.related.length === 0)) return null;
  return (
    <Stack spacing={{ xs: 4, md: 5 }} sx={{ mt: { xs: 5, md: 7 } }}>
      <PartRow title="Fits with this part" parts={data.fits} />
      <PartRow title="Related parts" parts={data.related} />
    </Stack>
  );
}
