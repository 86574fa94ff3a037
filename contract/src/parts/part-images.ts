/**
 * A part's picture is stored as the shop gave it: a path on the shop's own site
 * ("/parts/chain.svg", an upload's "/api/files/…") or a web address. The API answers paths as
 * absolute URLs on the shop's public origin (SHOP_PUBLIC_URL, docs/decisions/056), so a client
 * served from anywhere else shows them; an address on that origin that comes back (an edit form
 * sends what it was given) is stored as its path again, so the catalogue does not depend on the
 * origin it was edited under.
 */

/** A path on the shop's site: one slash, not two (a protocol-relative address is not a path). */
const isSitePath = (img: string) => img.startsWith('/') && !img.startsWith('//');

/** The picture as the API answers it: a site path made absolute on `origin`. */
export const imageUrlOn = (origin: string, img: string): string =>
  isSitePath(img) ? `${origin}${img}` : img;

/** The picture as the shop stores it: an address on `origin` made its path again. */
export const imagePathOn = (origin: string, img: string): string =>
  img.startsWith(`${origin}/`) ? img.slice(origin.length) : img;

/**
 * The same rule on a JSON text the API answers: every `"img"` that is a site path becomes
 * absolute (the origin has no character JSON escapes).
 */
export const imageUrlsInJson = (json: string, origin: string): string =>
  json.replace(/"img":"\/(?!\/)/g, `"img":"${origin}/`);
