/**
 * The shape every piece of client input (JSON body, query string) must have before any handler or schema sees
 * it. Each bound stops one attack seen against the demo: a body nested 3,000 deep crashed the
 * embedded database through a jsonb column; a NUL or a lone UTF-16 surrogate answered 500 from PostgreSQL
 * (and a lone surrogate was stored without its audit row). The per-field bounds live in the route schemas;
 * these are the global backstops under them.
 */
export const INPUT_LIMITS = {
  /** Objects and arrays inside one another; no call of the portal needs more than a handful. */
  depth: 32,
  /**
   * Keys and array items of one input, all levels together. The largest legal body is a device batch:
   * 2,000 samples of 6 fields plus 200 faults (contract/ingest.ts), about 16,000.
   */
  entries: 50_000,
  /** UTF-16 units of any single string, keys included; the longest legal texts (e-mail templates) are far shorter. */
  stringLength: 64 * 1024,
} as const;

export interface InputFault {
  /** Where: the dotted path of the key or item (`items.3.name`), or `whole` for the input itself. */
  field: string;
  /** What is wrong, in words for `info`. */
  reason: string;
}

/**
 * Walks a parsed value once and answers its first fault, or null when it is fine. Besides the bounds above it
 * refuses what secure-json-parse refuses (Fastify's own JSON parser: `__proto__` keys and `constructor` objects
 * holding a `prototype`), since this walk replaces it: JSON.parse makes them own properties, harmless until
 * some code merges the object into another.
 */
export function findInputFault(value: unknown, whole: string): InputFault | null {
  // Module-level functions and one counter object, not closures made per call: the server runs under tsx, whose
  // esbuild wraps every named inner function in a `__name` call (a defineProperty), a fifth of a request's CPU.
  return visit(value, [], 1, { entries: 0, whole });
}

interface Walk {
  entries: number;
  whole: string;
}

function visit(node: unknown, path: string[], depth: number, walk: Walk): InputFault | null {
  if (typeof node === 'string') return stringFault(node, path, 'value', walk);
  if (node === null || typeof node !== 'object') return null;
  if (depth > INPUT_LIMITS.depth) return fault(path, `nested deeper than ${INPUT_LIMITS.depth} levels`, walk);
  if (Array.isArray(node)) {
    walk.entries += node.length;
    if (walk.entries > INPUT_LIMITS.entries) return fault(path, `more than ${INPUT_LIMITS.entries} keys and items`, walk);
    for (let index = 0; index < node.length; index++) {
      const found = visit(node[index], [...path, String(index)], depth + 1, walk);
      if (found) return found;
    }
    return null;
  }
  const keys = Object.keys(node);
  walk.entries += keys.length;
  if (walk.entries > INPUT_LIMITS.entries) return fault(path, `more than ${INPUT_LIMITS.entries} keys and items`, walk);
  for (const key of keys) {
    const at = [...path, key];
    const child = (node as Record<string, unknown>)[key];
    const found =
      stringFault(key, at, 'key', walk) ??
      (key === '__proto__' ? fault(at, 'a forbidden key', walk) : null) ??
      (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')
        ? fault(at, 'a forbidden key', walk)
        : null) ??
      visit(child, at, depth + 1, walk);
    if (found) return found;
  }
  return null;
}

function fault(path: string[], reason: string, walk: Walk): InputFault {
  return { field: path.length === 0 ? walk.whole : path.map(printable).join('.'), reason };
}

function stringFault(text: string, path: string[], what: 'key' | 'value', walk: Walk): InputFault | null {
  if (text.length > INPUT_LIMITS.stringLength) return fault(path, `${what} longer than ${INPUT_LIMITS.stringLength} characters`, walk);
  if (text.includes('\u0000')) return fault(path, `${what} contains a NUL character`, walk);
  if (LONE_SURROGATE.test(text)) return fault(path, `${what} contains a lone UTF-16 surrogate`, walk);
  return null;
}

/** With the `u` flag a surrogate pair reads as one code point, so `\p{Cs}` matches only a lone half. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A path segment fit for a log line and a JSON answer: the bad characters that named the fault replaced. */
function printable(segment: string): string {
  const shown = segment.length > 100 ? `${segment.slice(0, 100)}…` : segment;
  return shown.replace(/\p{Cs}/gu, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}
