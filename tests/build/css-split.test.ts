import { describe, expect, it } from 'vitest';
import { splitStylesheet } from '../../build/css-split';

describe('a stylesheet split into parts between its rules (build/css-split.ts)', () => {
  it('cuts only between top-level rules, into parts of about equal size that join into the whole', () => {
    const rules = Array.from({ length: 40 }, (_, index) => `.a${index}{color:red}@media (min-width:${index}px){.b${index}{margin:0}}`);
    const css = rules.join('');
    const parts = splitStylesheet(css, 4);
    expect(parts).toHaveLength(4);
    expect(parts.join('')).toBe(css);
    for (const part of parts) {
      // Each part is whole rules: its braces balance, and it starts with a rule's selector.
      expect(part.split('{').length).toBe(part.split('}').length);
      expect(part).toMatch(/^(\.a\d+|@media)/);
      expect(part.length).toBeLessThan((css.length / 4) * 1.2);
    }
  });

  it('never cuts inside a string or a comment that holds braces', () => {
    const tricky = ".q{content:\"}{\"}/* } */.r{content:'a\\'}'}";
    const css = Array.from({ length: 10 }, () => tricky).join('');
    const parts = splitStylesheet(css, 5);
    expect(parts.join('')).toBe(css);
    for (const part of parts) expect(part.startsWith('.q{')).toBe(true);
  });

  it('answers the whole when it is one rule, or asked for one part', () => {
    expect(splitStylesheet('@media print{.a{color:red}.b{color:blue}}', 3)).toEqual(['@media print{.a{color:red}.b{color:blue}}']);
    expect(splitStylesheet('.a{}.b{}', 1)).toEqual(['.a{}.b{}']);
  });
});
