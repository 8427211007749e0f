/**
 * Quotes a value in an error message: readable, short, and never throwing, whatever a page passed in (a
 * BigInt, a Symbol, a circular object, a Proxy whose traps throw, a 1 MB string).
 *
 * - Strings are quoted; past `max` characters they are cut with an ellipsis and their total length.
 * - Numbers print as themselves, `NaN`, `Infinity` and `-0` included (JSON would print `null` and `0`).
 * - BigInts print with their `n`, Symbols as `Symbol(description)`, functions as `function name`.
 * - Arrays and objects print their first items, `[circular]` for a cycle, `…` past a depth of 3.
 */
export function describeValue(value: unknown, max = 100): string {
  try {
    const out = describe(value, max, 0, []);
    return out.length > max * 2 ? `${out.slice(0, max * 2)}…` : out;
  } catch {
    // a Proxy or getter that throws on every access leaves nothing to read
    return `[${typeof value}]`;
  }
}

/** `text` cut to `max` characters with an ellipsis and its total length, or whole when it is short. */
export function cutText(text: string, max = 100): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length.toLocaleString('en')} characters)`;
}

const MAX_DEPTH = 3;
const MAX_ITEMS = 8;

function describe(value: unknown, max: number, depth: number, seen: object[]): string {
  switch (typeof value) {
    case 'string': {
      if (value.length <= max) return JSON.stringify(value);
      return `${JSON.stringify(value.slice(0, max))}… (${value.length.toLocaleString('en')} characters)`;
    }
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value.toString()}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return value.name ? `function ${value.name}` : 'function';
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(value);
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.includes(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return Array.isArray(object) ? '[…]' : '{…}';
  seen.push(object);
  try {
    if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
      const items = object as unknown as ArrayLike<number | bigint>;
      return `${object.constructor.name}(${items.length}) ${list(items, items.length, max, depth, seen, '[', ']')}`;
    }
    if (Array.isArray(object)) return list(object, object.length, max, depth, seen, '[', ']');
    const keys = Object.keys(object);
    const shown = keys
      .slice(0, MAX_ITEMS)
      .map((k) => `${k}: ${describe(Reflect.get(object, k), max, depth + 1, seen)}`);
    if (keys.length > MAX_ITEMS) shown.push('…');
    const name = Object.getPrototypeOf(object)?.constructor?.name;
    const prefix = name && name !== 'Object' ? `${name} ` : '';
    return `${prefix}{${shown.join(', ')}}`;
  } finally {
    seen.pop();
  }
}

function list(
  items: ArrayLike<unknown>,
  length: number,
  max: number,
  depth: number,
  seen: object[],
  open: string,
  close: string,
): string {
  const shown: string[] = [];
  for (let i = 0; i < Math.min(length, MAX_ITEMS); i++) shown.push(describe(items[i], max, depth + 1, seen));
  if (length > MAX_ITEMS) shown.push(`… (${length} items)`);
  return `${open}${shown.join(', ')}${close}`;
}
