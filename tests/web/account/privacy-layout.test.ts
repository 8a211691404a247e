import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * /privacy scrolled sideways at 1366 px: its card was 760 px of text plus 80 px of padding in a 795 px column. The
 * layout itself is checked in Chromium; here, without a browser, the rules that keep it inside its column.
 */
const css = readFileSync(resolve('src/features/account/login.css'), 'utf8');
const rules = [...css.matchAll(/([^{}]*\.privacy-card[^{}]*)\{([^}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }));

describe('the privacy page’s card', () => {
  it('counts its padding in its width and breaks long words, so it never grows past its column', () => {
    const card = rules.find((r) => /(^|\s|\/)\.privacy-card$/.test(r.selector.split('\n').pop()!.trim()));
    expect(card?.body).toMatch(/box-sizing:\s*border-box/);
    expect(card?.body).toMatch(/overflow-wrap:\s*anywhere/);
  });

  it('sets no fixed or minimum width in pixels on anything inside it', () => {
    for (const rule of rules) expect(rule.body, rule.selector).not.toMatch(/(^|[;\s])(min-)?width:\s*\d+px/);
  });
});
