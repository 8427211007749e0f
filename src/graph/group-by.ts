/**
 * Items 0…count-1 grouped by key in one counting pass: group k is items[start[k]…start[k+1]), in item
 * order. A negative key leaves an item out. Linear in keys + items; the compile passes and the layout use
 * it instead of scanning every transition for every state.
 */
export function groupBy(
  keys: number,
  count: number,
  keyOf: (item: number) => number,
): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < count; i++) {
    const k = keyOf(i);
    if (k >= 0) start[k + 1]++;
  }
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const fill = start.slice(0, keys);
  const items = new Int32Array(start[keys]);
  for (let i = 0; i < count; i++) {
    const k = keyOf(i);
    if (k >= 0) items[fill[k]++] = i;
  }
  return { start, items };
}
