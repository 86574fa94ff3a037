/**
 * Where a product page sits in the shop (issue 35 item 7): Home › All Parts › its category ›
 * the part, each a link but the part itself (not shown on a phone: the heading below names it). The structured data says the same
 * (app/page-head.ts, BreadcrumbList), so search results show the path too.
 */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { catalogueSearch, categoryOf, type CataloguePart } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useCategories } from '../../../lib/categories-query.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';

export function PartBreadcrumbs({
  part,
}: {
  part: Pick<CataloguePart, 'productName' | 'category'>;
}) {
  // A part of a hidden category has no crumb of it (docs/decisions/108).
  const category = categoryOf(useCategories(), part.category);
  const crumbs = [
    { label: 'Home', to: paths.root.getHref() },
    { label: 'All Parts', to: paths.parts.getHref() },
    ...(category
      ? [
          {
            label: category.name,
            to: paths.parts.getHref(catalogueSearch({ category: part.category })),
          },
        ]
      : []),
  ];
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      sx={{
        mb: 2,
        '& .MuiBreadcrumbs-ol': { rowGap: 0.5 },
        overflowWrap: 'anywhere',
        // On a phone the part's name is the heading just below: the path ends at its category.
        '& .MuiBreadcrumbs-li:last-of-type, & .MuiBreadcrumbs-separator:nth-last-of-type(2)': {
          display: { xs: 'none', sm: 'flex' },
        },
      }}
    >
      {crumbs.map((crumb) => (
        <Link
          key={crumb.label}
          component={RouterLink}
          to={crumb.to}
          color="inherit"
          underline="hover"
          sx={phoneTapTarget}
        >
          {crumb.label}
        </Link>
      ))}
      <Typography color="textPrimary" aria-current="page">
        {part.productName}
      </Typography>
    </Breadcrumbs>
  );
}
