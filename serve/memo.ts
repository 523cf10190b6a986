/**
 * `compute` remembered for the last `limit` keys it computed: a warm request repeats the
 * target and query of the one before, and their parse is a pure function of them. The
 * oldest computed key goes first (a hit costs one lookup, nothing is reordered).
 */
export function rememberLast<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    const value = compute(key);
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
}
