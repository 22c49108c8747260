/**
 * Values computed once per key and remembered, at most `limit` of them: the memory is cleared
 * when full. For what extraction derives from a type's schema alone (profiles, label variants),
 * the same for every document of that type. A remembered value is shared: callers never change it.
 */
export function rememberedBy<V>(limit: number): (key: string, compute: () => V) => V {
  const values = new Map<string, V>();
  return (key, compute) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute();
      if (values.size >= limit) values.clear();
      values.set(key, value);
    }
    return value;
  };
}
