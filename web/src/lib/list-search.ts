/**
 * The query string of an admin list's query (GET /ordered?…, GET /users?…), or "" when it asks for
 * nothing; empty texts are left out. The catalogue has its own, `catalogueSearch` in the contract.
 */
export function listSearch(query: Record<string, string | number | boolean | undefined>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    value === undefined || value === '' ? [] : [`${name}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}
