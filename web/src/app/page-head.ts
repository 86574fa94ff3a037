/**
 * What a page rendered on the server says about itself in its <head> (docs/decisions/056): its
 * title (as usePageTitle names the tab), a description, the absolute canonical URL, the Open Graph
 * and Twitter card tags of a link preview and schema.org structured data: on a product page the
 * Product with its offer, rating, reviews and specs, and the BreadcrumbList Home › category › part;
 * on the home page the shop's Organization. Every page is named after the shop's brand
 * (docs/decisions/104). Pure: entry-server.tsx gives it the page's address, status and data.
 */
import {
  catalogueSearch,
  defaultBrandIcon,
  shopPageTitle,
  socialLinksOf,
  type BrandSettings,
  isInStock,
  minorUnitDigits,
  categoryOf,
  partSpecRows,
  saleOf,
  sharedSpecs,
  variantLabel,
  type CataloguePart,
  type CatalogueReview,
  type Category,
  type ShopPage,
} from '@sprocket/contract';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.js';
import { catalogueQueryFromSearch } from '../features/parts/hooks/use-catalogue-query.js';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute. */
  image: string;
  type: 'website' | 'product' | 'article';
  /** A page search engines should not keep (the 404 page). */
  noindex: boolean;
  /** schema.org objects, each written as a JSON-LD script. */
  structuredData: object[];
  /** The shop's name, as a link preview names the site. */
  siteName: string;
}

export interface PageHeadInput {
  /** The shop's public origin, like https://shop.example. */
  origin: string;
  url: URL;
  status: number;
  currency: string;
  /** The shop's name, logo and contact details. */
  brand: BrandSettings;
  /** The shown categories (docs/decisions/108): a hidden one's part names none. */
  categories: readonly Category[];
  /** The product page's part and its reviews (newest first). */
  part?: CataloguePart;
  reviews?: CatalogueReview[];
  /** A page the owner wrote (/pages/{slug}). */
  shopPage?: ShopPage;
}

const DESCRIPTION_MAX = 160;

/** A description cut at a word, as search results show about 160 characters. */
function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** An image path of the shop ("/parts/chain.svg") on its origin; an absolute URL as it is. */
const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url}`;

/** Cents as schema.org wants a price: a decimal in the currency's units ("12.50"). */
const decimalPrice = (cents: number, currency: string) =>
  (cents / 10 ** minorUnitDigits(currency)).toFixed(minorUnitDigits(currency));

/** Spec rows as schema.org PropertyValues: a number with its unit, a choice in words. */
const propertyValues = (rows: ReturnType<typeof partSpecRows>) =>
  rows.map(({ spec, value, text }) =>
    spec.kind === 'number'
      ? {
          '@type': 'PropertyValue',
          name: spec.label,
          value,
          ...(spec.unit && { unitText: spec.unit }),
        }
      : { '@type': 'PropertyValue', name: spec.label, value: text },
  );

const availability = (inStock: boolean) =>
  inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * The Product's offers: one for a part sold as one; for a part sold in sizes, one per size (its
 * sku, price, stock and page, `?sku=`), each offering the size as a Product of its own with the
 * size's specifications (docs/decisions/088).
 */
function offersOf(input: PageHeadInput & { part: CataloguePart }, canonical: string): object {
  const { part, currency } = input;
  const offer = {
    '@type': 'Offer',
    priceCurrency: currency,
    itemCondition: 'https://schema.org/NewCondition',
  };
  // On sale, the price it was, as Google reads a struck-through price (decision 102).
  const was = (sale: { was?: number }) =>
    sale.was === undefined
      ? {}
      : {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: decimalPrice(sale.was, currency),
            priceCurrency: currency,
          },
        };
  if (part.variants.length === 0)
    return {
      ...offer,
      url: canonical,
      price: decimalPrice(part.price, currency),
      ...was(saleOf(part)),
      availability: availability(isInStock(part)),
    };
  // Each size's barcode and part number, as Merchant Center reads variants (decision 102).
  const identifiers = (variant: CataloguePart['variants'][number]) => ({
    ...(variant.gtin && { gtin: variant.gtin }),
    ...(variant.mpn && { mpn: variant.mpn }),
  });
  return part.variants.map((variant) => {
    const name = `${part.productName} (${variantLabel(part.options, variant)})`;
    const specs = propertyValues(
      partSpecRows(part, categoryOf(input.categories, part.category), variant),
    );
    return {
      ...offer,
      url: `${canonical}?sku=${encodeURIComponent(variant.sku)}`,
      sku: variant.sku,
      name,
      price: decimalPrice(variant.price, currency),
      ...was(saleOf(part, variant)),
      availability: availability(isInStock({ quantity: variant.quantity, order: part.order })),
      ...identifiers(variant),
      itemOffered: {
        '@type': 'Product',
        name,
        sku: variant.sku,
        ...identifiers(variant),
        ...(part.brand && { brand: { '@type': 'Brand', name: part.brand } }),
        ...(specs.length > 0 && { additionalProperty: specs }),
      },
    };
  });
}

function productData(input: PageHeadInput & { part: CataloguePart }, canonical: string): object[] {
  const { part, origin, reviews = [] } = input;
  const shownCategory = categoryOf(input.categories, part.category);
  const category = shownCategory?.name;
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${canonical}#product`,
    name: part.productName,
    description: part.description,
    image: [absolute(origin, part.img)],
    sku: part._id,
    ...(category && { category }),
    // The part's own brand and identifiers, where the owner gave them (decision 102).
    ...(part.brand && { brand: { '@type': 'Brand', name: part.brand } }),
    ...(part.gtin && { gtin: part.gtin }),
    ...(part.mpn && { mpn: part.mpn }),
    offers: offersOf(input, canonical),
  };
  // What it fits, as schema.org's name-value pairs (docs/decisions/067): for a part sold in
  // sizes, what every size shares; each offer names its size's own (docs/decisions/088).
  const specs = propertyValues(partSpecRows({ ...part, specs: sharedSpecs(part) }, shownCategory));
  if (specs.length > 0) product.additionalProperty = specs;
  if (part.reviewCount > 0 && part.averageRating !== null) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: part.averageRating,
      reviewCount: part.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (reviews.length > 0) {
    product.review = reviews.slice(0, 10).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.review,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    }));
  }
  const crumbs = [
    { name: 'Home', url: `${origin}${paths.root.getHref()}` },
    ...(category
      ? [
          {
            name: category,
            url: `${origin}${paths.parts.getHref(catalogueSearch({ category: part.category }))}`,
          },
        ]
      : []),
    { name: part.productName, url: canonical },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
  return [product, breadcrumbs];
}

/** The shop as schema.org's Organization: its name, address, logo, contacts and profiles. */
function organizationData(brand: BrandSettings, origin: string): object {
  const profiles = socialLinksOf(brand).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: brand.name,
    url: `${origin}${paths.root.getHref()}`,
    ...(brand.logo && { logo: absolute(origin, brand.logo.url) }),
    ...(brand.email && { email: brand.email }),
    ...(brand.phone && { telephone: brand.phone }),
    ...(brand.address && { address: brand.address }),
    ...(profiles.length > 0 && { sameAs: profiles }),
  };
}

export function pageHead(input: PageHeadInput): PageHead {
  const { origin, url, status, brand } = input;
  const shop = brand.name;
  const pageTitle = (title?: string) => shopPageTitle(shop, title);
  const page = (title: string | undefined, description: string, path: string) => ({
    title: pageTitle(title),
    description,
    canonical: `${origin}${path}`,
    // A link preview's picture: the shop's logo, or its icon.
    image: absolute(origin, brand.logo?.url ?? defaultBrandIcon(512)),
    type: 'website' as const,
    noindex: false,
    structuredData: [] as object[],
    siteName: shop,
  });
  if (status === 404) {
    return {
      ...page('Page not found', 'This page is not in the shop.', url.pathname),
      noindex: true,
    };
  }
  const pathname = url.pathname;
  if (matchPath(paths.part.path, pathname) && input.part) {
    const { part } = input;
    const canonical = `${origin}${paths.part.getHref(part._id)}`;
    return {
      title: pageTitle(part.productName),
      description: shortText(part.description || `${part.productName} at ${shop}.`),
      canonical,
      image: absolute(origin, part.img),
      type: 'product',
      noindex: false,
      structuredData: productData({ ...input, part }, canonical),
      siteName: shop,
    };
  }
  if (matchPath(paths.shopPage.path, pathname) && input.shopPage) {
    const { shopPage } = input;
    return {
      ...page(
        shopPage.title,
        shortText(shopPage.description),
        paths.shopPage.getHref(shopPage.slug),
      ),
      type: 'article',
    };
  }
  if (pathname === paths.parts.path) {
    const query = catalogueQueryFromSearch(url.searchParams, input.categories);
    const label = categoryOf(input.categories, query.category)?.name;
    return page(
      label ? `${label} · All Parts` : 'All Parts',
      label
        ? `${label} at ${shop}: every part in the department, with prices, stock and reviews.`
        : `Every bicycle part at ${shop}, with prices, stock and riders' reviews.`,
      paths.parts.getHref(catalogueSearch(query)),
    );
  }
  if (pathname === paths.reviews.path) {
    return page(
      'All Reviews',
      `What riders say about the parts they bought at ${shop}.`,
      paths.reviews.getHref(),
    );
  }
  if (pathname === paths.blogs.path) {
    return page(
      'Blogs',
      'Notes from the team that builds this shop, on the questions we get asked most.',
      paths.blogs.getHref(),
    );
  }
  return {
    ...page(
      undefined,
      `${shop} sells bicycle parts: chains, cassettes, tyres, saddles, lights and more.`,
      paths.root.getHref(),
    ),
    structuredData: [organizationData(brand, origin)],
  };
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> that no text in it can end (part names and reviews are people's). */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The head's tags for a page, as HTML. */
export function headTags(head: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attribute(content)}" />`;
  return [
    `<title>${attribute(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${attribute(head.canonical)}" />`,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.type === 'product' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`,
    ),
  ].join('\n    ');
}
