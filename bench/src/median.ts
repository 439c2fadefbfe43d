/** The middle value of `values` (of an even count, the upper of the two middle ones); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
