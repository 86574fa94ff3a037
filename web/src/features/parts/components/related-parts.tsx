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
 * one Buy Now and one Add to cart. Its look is static CSS (RELATED_PARTS_CSS, docs/decisions/116).
 */
function PartTile({ part }: { part: CataloguePart }) {
  const [picture] = part.images;
  return (
    <li data-testid="related-part" className="related-part">
      <PartImage
        src={part.img}
        alt=""
        renditions={picture?.renditions}
        sizes="(min-width: 900px) 280px, 70vw"
        loading="lazy"
        className="related-part-image"
      />
      <div className="related-part-content">
        <h3 className="related-part-name">
          <RouterLink to={paths.part.getHref(part._id)}>{part.productName}</RouterLink>
        </h3>
        <PartRating part={part} />
        <div className="related-part-footer">
          <p className="related-part-price">{formatPrice(part.price)}</p>
          <StockBadge part={part} />
        </div>
      </div>
    </li>
  );
}

function PartRow({ title, parts }: { title: string; parts: CataloguePart[] }) {
  if (parts.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="related-parts-title">{title}</h2>
      <ul className="related-parts-row">
        {parts.map((part) => (
          <PartTile key={part._id} part={part} />
        ))}
      </ul>
    </section>
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
    <div className="related-parts">
      <PartRow title="Fits with this part" parts={data.fits} />
      <PartRow title="Related parts" parts={data.related} />
    </div>
  );
}
