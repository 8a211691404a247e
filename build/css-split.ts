/**
 * Splits a stylesheet into `parts` stylesheets of about equal size, cut only between top-level rules (outside any
 * block, string or comment). Linked in order, the parts cascade as the whole did: a rule keeps its place among the
 * others.
 *
 * Why: the browser parses a stylesheet in one task when it arrives. antd's baked styles
 * (build/antd-static-styles.ts), 860 kB in one file, were one task of 55-240 ms on the reference machine, time in
 * which the page answers no input (Lighthouse's total blocking time counts what a task takes beyond 50 ms).
 */
export function splitStylesheet(css: string, parts: number): string[] {
  const target = Math.ceil(css.length / parts);
  const pieces: string[] = [];
  let start = 0;
  let depth = 0;
  let quote: string | undefined;
  for (let at = 0; at < css.length; at++) {
    const char = css[at]!;
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '/' && css[at + 1] === '*') at = Math.max(at, css.indexOf('*/', at + 2) + 1 || css.length);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0 && at + 1 - start >= target && pieces.length < parts - 1) {
      pieces.push(css.slice(start, at + 1));
      start = at + 1;
    }
  }
  if (start < css.length) pieces.push(css.slice(start));
  return pieces;
}
