/**
 * What `kept` holds for `key`, made first if it holds nothing. Past `limit` entries the map is
 * emptied, not trimmed one by one: what is asked for again is made again once, and the memory a
 * stream of new keys can take is bounded. `keep` says whether a value just made is kept (a
 * token's check keeps only tokens found signed, so no other text finds one).
 */
export function keptIn<K, V>(
  kept: Map<K, V>,
  key: K,
  limit: number,
  make: () => V,
  keep: (value: V) => boolean = () => true,
): V {
  if (kept.has(key)) return kept.get(key) as V;
  const value = make();
  if (!keep(value)) return value;
  if (kept.size >= limit) kept.clear();
  kept.set(key, value);
  return value;
}
