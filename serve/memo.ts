/**
 * `compute` remembered for the last `limit` keys it was asked for: a warm request repeats
 * the target, query and host of the one before, and their parse is a pure function of them.
 */
export function rememberLast<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    let value = kept.get(key);
    if (value !== undefined || kept.has(key)) {
      kept.delete(key); // most recently used last
    } else {
      value = compute(key);
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, value as V);
    return value as V;
  };
}
