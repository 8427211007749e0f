/**
 * Small read-only tables that many characters build alike (which tracks of each clip key the root, where each
 * logical clip starts in its bound clip and how long it plays, which extractor clip each graph clip is)
 * interned: equal tables are one array, so a crowd's frame reads one copy, kept in cache, instead of one cold
 * array per character. Equal means the same bytes. Held weakly, like shared compiled graphs. A table shared this
 * way is never written.
 */
type Table = Int32Array | Float64Array;

const tables = new Map<string, WeakRef<Table>>();
const forget = new FinalizationRegistry<string>((key) => {
  if (tables.get(key)?.deref() === undefined) tables.delete(key);
});

/** The interned table equal to `table` (the first one seen with its type and bytes; `table` itself if new). */
export function sharedTable<T extends Table>(table: T): T {
  const bytes = new Uint8Array(table.buffer, table.byteOffset, table.byteLength);
  const key = `${table instanceof Int32Array ? 'i' : 'f'}${bytes.join(',')}`;
  const known = tables.get(key)?.deref();
  if (known) return known as T;
  tables.set(key, new WeakRef(table));
  forget.register(table, key);
  return table;
}
