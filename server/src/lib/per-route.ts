/**
 * `compute` of a route pattern, worked out once per pattern: the patterns are the route table's (and
 * 'unmatched'), so the memo stays small, and a hook that runs on every request looks its answer up.
 */
export function perRoutePattern<T>(compute: (route: string) => T): (route: string) => T {
  const known = new Map<string, T>();
  return (route) => {
    if (known.has(route)) return known.get(route) as T;
    const value = compute(route);
    known.set(route, value);
    return value;
  };
}
