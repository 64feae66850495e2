/*
 * Copies for the objects made per row, per request or per save. On Node 20's V8 each key an object literal adds after
 * a spread (`{ ...data, id }`, `{ ...(a ? { a } : {}), ...(b ? { b } : {}) }`) is slow (our reading is that the copy
 * a spread makes gets a hidden class from which no transition is cached). Copying into `{}`, whose class's
 * transitions are cached, is far cheaper (docs/decisions.md, bench/history/list-pages.md). Elsewhere, write the
 * spread. The keys must be plain data, never `__proto__`: these set each key where a spread defines it.
 */

/** `{ ...base, ...extra }`: extra's keys win, without the cost of keys added after a spread. */
export function merged<Base extends object, Extra extends object>(
  base: Base,
  extra: Extra,
): Omit<Base, keyof Extra> & Extra {
  return Object.assign({}, base, extra);
}

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/**
 * `{ ...base }` with each key of `extra` whose value is not undefined, in extra's order: what
 * `...(x !== undefined ? { x } : {})` writes key by key, for objects stored or answered without their absent keys.
 */
export function withDefined<Base extends object, Extra extends Record<string, unknown>>(
  base: Base,
  extra: Extra,
): Base & Defined<Extra> {
  const out = Object.assign({}, base) as Record<string, unknown>;
  for (const key of Object.keys(extra)) if (extra[key] !== undefined) out[key] = extra[key];
  return out as Base & Defined<Extra>;
}
