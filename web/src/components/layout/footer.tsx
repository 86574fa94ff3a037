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
        <address className="site-footer-text site-footer-address">{brand.address}</address>
      )}
      {links.length > 0 && (
        <ul className="site-footer-links site-footer-contacts">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The footer's look is static CSS (FOOTER_CSS, docs/decisions/116). */
export function Footer() {
  const year = new Date().getFullYear();
  const brand = useBrand();
  const pages = useShopPages();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-columns">
          <div className="site-footer-about">
            <div className="site-footer-brand">
              <BrandMark brand={brand} size={36} />
              <p className="site-footer-name">{brand?.name}</p>
            </div>
            <p className="site-footer-text site-footer-tagline">
              Bicycle parts that keep you rolling: drivetrain, wheels, cockpit and lights.
            </p>
            {brand && <BrandContacts brand={brand} />}
          </div>
          {footerColumns(pages.data ?? []).map((column) => (
            <div key={column.title}>
              <h2 className="site-footer-heading">{column.title}</h2>
              <ul className="site-footer-links">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="site-footer-text site-footer-copyright">
          Copyright © {year} {brand?.name} — bicycle parts. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
