import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  footerColumnLabels,
  socialLinksOf,
  type BrandSettings,
  type FooterColumn,
  type ShopPageSummary,
} from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.js';
import { useBrand } from '../../lib/brand-query.js';
import { useShopPages } from '../../lib/shop-pages-query.js';
import { phoneTapTarget } from '../../lib/tap-target.js';
import { BrandMark } from './brand-mark.js';

interface FooterLink {
  label: string;
  to: string;
}

/** The home page's "Get in touch" form: the shop's contact, under Company. */
const CONTACT: FooterLink = { label: 'Contact', to: `${paths.root.getHref()}#contact` };

/**
 * The specification's columns, each with the owner's published pages filed under it (by title),
 * and Contact under Company: every link leads to a real page, and a column with none is not
 * shown (issue 36 item 2, which replaces the specification's links to "/").
 */
function footerColumns(pages: ShopPageSummary[]): { title: string; links: FooterLink[] }[] {
  const linksOf = (column: FooterColumn) =>
    pages
      .filter((page) => page.footer === column)
      .map((page) => ({ label: page.title, to: paths.shopPage.getHref(page.slug) }));
  return [
    { title: footerColumnLabels.services, links: linksOf('services') },
    { title: footerColumnLabels.company, links: [...linksOf('company'), CONTACT] },
    { title: footerColumnLabels.legal, links: linksOf('legal') },
  ].filter((column) => column.links.length > 0);
}

/** How to reach the shop and where else it is, as its owner gave them (docs/decisions/104). */
function BrandContacts({ brand }: { brand: BrandSettings }) {
  const links = [
    ...(brand.email ? [{ label: brand.email, href: `mailto:${brand.email}` }] : []),
    ...(brand.phone
      ? [{ label: brand.phone, href: `tel:${brand.phone.replace(/[^+0-9]/g, '')}` }]
      : []),
    ...socialLinksOf(brand).map((link) => ({ label: link.label, href: link.url })),
  ];
  return (
    <>
      {brand.address && (
        <Typography variant="body2" component="address" sx={{ mt: 2, fontStyle: 'normal' }}>
          {brand.address}
        </Typography>
      )}
      {links.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {links.map((link) => (
            <Box component="li" key={link.href} sx={{ py: { sm: 0.25 } }}>
              <Link
                href={link.href}
                color="inherit"
                sx={{ ...phoneTapTarget, wordBreak: 'break-word' }}
              >
                {link.label}
              </Link>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  const brand = useBrand();
  const pages = useShopPages();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#14262b', color: 'rgba(255,255,255,0.86)', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: '#fff', mb: 1.5 }}>
              <BrandMark brand={brand} size={36} />
              <Typography variant="h6" component="p" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {brand?.name}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ opacity: 0.75, maxWidth: 260 }}>
              Bicycle parts that keep you rolling: drivetrain, wheels, cockpit and lights.
            </Typography>
            {brand && <BrandContacts brand={brand} />}
          </Grid>
          {footerColumns(pages.data ?? []).map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 3 }}>
              <Typography variant="overline" component="h2" sx={{ color: 'secondary.light' }}>
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <Box component="li" key={link.to} sx={{ py: { sm: 0.5 } }}>
                    {/* On a phone each link is a 44 px row, tall enough for a finger. */}
                    <Link component={RouterLink} to={link.to} color="inherit" sx={phoneTapTarget}>
                      {link.label}
                    </Link>
                  </Box>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography
          variant="body2"
          sx={{ mt: 6, pt: 3, borderTop: '1px solid rgba(255,255,255,0.12)', opacity: 0.7 }}
        >
          Copyright © {year} {brand?.name} — bicycle parts. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
