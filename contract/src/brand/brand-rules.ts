/**
 * The shop's brand (issue 36 item 1, docs/decisions/104): its name, logo, accent colour, contact
 * details and social links, set by the owner in the dashboard and shown everywhere a shopper
 * looks. What a shop has before its owner sets anything is BRAND_DEFAULTS, here once for the API
 * and the web app. The colour rules are here too: the text on the accent, and the accent's shades
 * for light and dark backgrounds, are worked out from it so every one reads (WCAG 2.1 contrast).
 * No yup here: the storefront loads these (the schema is schemas/brand.ts).
 */

/** The sizes of the square icons made from the logo: favicon, Apple touch icon, the manifest's. */
export const BRAND_ICON_SIZES = [32, 180, 192, 512] as const;
export type BrandIconSize = (typeof BRAND_ICON_SIZES)[number];
/**
 * The shop's icon at a size while it has no logo: a PNG of web/public/favicon.svg. A browser draws
 * an SVG icon by building a document for it on the page's main thread (docs/decisions/120).
 */
export const defaultBrandIcon = (size: BrandIconSize) => `/brand-icons/${size}.png`;

/** The uploaded logo: a copy at most LOGO_SIZE px on its longer side, and its square icons. */
// Types, not interfaces: the store keeps them as documents (an index signature's values).
export type BrandLogo = {
  url: string;
  width: number;
  height: number;
  /** Each of BRAND_ICON_SIZES ("32") to its PNG's address. */
  icons: Record<`${BrandIconSize}`, string>;
};

/** The networks a shop links to from its footer, with the hosts their addresses are on. */
export const socialNetworks = {
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  x: { label: 'X', hosts: ['x.com', 'twitter.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  strava: { label: 'Strava', hosts: ['strava.com'] },
} as const;
export type SocialNetwork = keyof typeof socialNetworks;
export const SOCIAL_NETWORKS = Object.keys(socialNetworks) as SocialNetwork[];

/** GET /brand, PUT /admin/brand: what the shop calls itself and how it is reached. */
export type BrandSettings = {
  name: string;
  /** `#rrggbb`: the colour of the things to press. */
  accent: string;
  logo: BrandLogo | null;
  /** The shop's public contact details; "" when not given. */
  email: string;
  phone: string;
  address: string;
  /** Each network's address, "" when the shop has none there. */
  social: Record<SocialNetwork, string>;
};

export const BRAND_NAME_MAX = 60;
export const BRAND_ADDRESS_MAX = 300;
/** The longer side of the logo's copy the pages show (a 40 px tall header at 3× and more). */
export const LOGO_SIZE = 512;
/** The largest logo file accepted. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** The accent colour: six hex digits after a #. */
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/i;

/**
 * A shop whose owner has set nothing: a neutral name that says what it sells, the theme's orange,
 * the drawn chainring for a logo, no contact details. The demo's seed names itself Sprocket.
 */
export const BRAND_DEFAULTS: BrandSettings = {
  name: 'Bike Shop',
  accent: '#e8772e',
  logo: null,
  email: '',
  phone: '',
  address: '',
  social: { instagram: '', facebook: '', x: '', youtube: '', strava: '' },
};

/** The page's background and the header's bar (web/src/lib/theme.ts), which the accent sits on. */
export const PAGE_BACKGROUND = '#f5f3ef';
export const HEADER_BACKGROUND = '#0e4a52';
/** The dark text on a light accent (the theme's ink). */
const DARK_TEXT = '#1b1206';
const WHITE = '#ffffff';
const BLACK = '#000000';

/** WCAG 2.1's least contrast of text: 4.5:1. */
export const TEXT_CONTRAST = 4.5;
/**
 * The least contrast of the accent against the page: an accent paler than this makes buttons
 * that hardly stand out from the page (their text still reads, on onAccentText).
 */
export const ACCENT_MIN_CONTRAST = 2;

const channels = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const hexOf = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.1's relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A contrast as people read it: "4.5:1" (rounded down, so a pass is never shown as more). */
export const contrastText = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/** `hex` moved `share` (0 to 1) of the way to `towards`. */
function mix(hex: string, towards: string, share: number): string {
  const from = channels(hex);
  const to = channels(towards);
  return hexOf(from.map((c, i) => c + (to[i]! - c) * share) as [number, number, number]);
}

/** The nearest shade of `hex` towards `towards` that reaches `ratio` against `background`. */
function shadeReaching(hex: string, towards: string, background: string, ratio: number): string {
  for (let step = 0; step <= 50; step += 1) {
    const shade = mix(hex, towards, step / 50);
    if (contrastRatio(shade, background) >= ratio) return shade;
  }
  return towards;
}

/**
 * The text on the accent: white where it reads (4.5:1), else the theme's dark ink, else black.
 * White or black always reaches 4.5:1 on any colour, so every accent has readable text.
 */
export function onAccentText(accent: string): string {
  for (const text of [WHITE, DARK_TEXT]) {
    if (contrastRatio(accent, text) >= TEXT_CONTRAST) return text;
  }
  return contrastRatio(accent, WHITE) >= contrastRatio(accent, BLACK) ? WHITE : BLACK;
}

/** How far a button in the accent moves under the pointer. */
const HOVER_SHIFT = 0.15;

/**
 * A button in the accent under the pointer: the accent moved away from its text (darker under
 * white text, lighter under dark), so the text reads better there, never worse. The `dark` shade
 * MUI's buttons take on hover is made for text on white: under the default accent's dark text it
 * gave 4.0:1.
 */
export function accentHover(accent: string): string {
  const main = accent.toLowerCase();
  return mix(main, onAccentText(main) === WHITE ? BLACK : WHITE, HOVER_SHIFT);
}

/**
 * The accent's shades the theme uses: `light` on the header's bar and the dark footer (text,
 * underlines, focus rings: 4.5:1 on the bar), `dark` on the light pages (focus rings: 4.5:1 on
 * white), `hover` under a button's text, and the text on it.
 */
export function accentShades(accent: string) {
  const main = accent.toLowerCase();
  return {
    main,
    light: shadeReaching(main, WHITE, HEADER_BACKGROUND, TEXT_CONTRAST),
    dark: shadeReaching(main, BLACK, WHITE, TEXT_CONTRAST),
    hover: accentHover(main),
    contrastText: onAccentText(main),
  };
}

/** The refusals of the brand's rules, the same on the form and from the API. */
export const brandMessages = {
  nameRequired: "The shop's name is required",
  accentPattern: 'Write the colour as # and six hex digits, such as #e8772e',
  accentTooPale: (accent: string) =>
    `${accent} is too pale: buttons in it would hardly stand out from the page (${contrastText(
      contrastRatio(accent, PAGE_BACKGROUND),
    )}, at least ${ACCENT_MIN_CONTRAST}:1). Try ${shadeReaching(
      accent.toLowerCase(),
      BLACK,
      PAGE_BACKGROUND,
      3,
    )}`,
  emailInvalid: 'Email is not valid',
  phoneInvalid: 'Write the phone number with digits, spaces, brackets, dashes and a leading +',
  socialInvalid: (network: SocialNetwork) =>
    `Write ${socialNetworks[network].label}'s full address, such as https://${socialNetworks[network].hosts[0]}/yourshop`,
  logoTooLarge: `The logo must be at most ${LOGO_MAX_BYTES / (1024 * 1024)} MB`,
  logoWrongType: 'Upload the logo as a PNG, JPEG or WebP image',
} as const;

/** The problem with an accent colour, or null. */
export function accentProblem(accent: string): string | null {
  if (!ACCENT_PATTERN.test(accent)) return brandMessages.accentPattern;
  if (contrastRatio(accent, PAGE_BACKGROUND) < ACCENT_MIN_CONTRAST) {
    return brandMessages.accentTooPale(accent.toLowerCase());
  }
  return null;
}

/** An http(s) address's host, lowercased; undefined for anything else. */
const HOST_OF_URL = /^https?:\/\/(?:[^/?#@\s]*@)?([a-z0-9.-]+)(?::\d+)?(?:[/?#]\S*)?$/i;

/** Whether `url` is an https (or http) address on one of the network's hosts or below them. */
export function isSocialUrl(network: SocialNetwork, url: string): boolean {
  const host = HOST_OF_URL.exec(url)?.[1]?.toLowerCase();
  if (!host) return false;
  return socialNetworks[network].hosts.some((each) => host === each || host.endsWith(`.${each}`));
}

/** The shop's social links that are set, in the networks' order, with their names. */
export const socialLinksOf = (brand: Pick<BrandSettings, 'social'>) =>
  SOCIAL_NETWORKS.filter((network) => brand.social[network] !== '').map((network) => ({
    network,
    label: socialNetworks[network].label,
    url: brand.social[network],
  }));

/** A page's title as the browser tab and search results show it. */
export const shopPageTitle = (shopName: string, title?: string): string =>
  title ? `${title} · ${shopName}` : `${shopName} — bicycle parts`;
