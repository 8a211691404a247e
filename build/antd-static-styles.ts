import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { collapseBoxSizingResets } from './antd-box-sizing';
import { splitStylesheet } from './css-split';

/** antd's styles come in this many files of some 150 kB, each parsed in under 50 ms on the reference machine. */
const STYLESHEET_PARTS = 6;

/**
 * Vite plugin: antd's component styles baked into CSS files at build time, linked from index.html.
 *
 * antd 5 writes its styles at run time (CSS-in-JS): each component, the first time it renders, builds its
 * style object, serialises it with stylis, hashes it and inserts a `<style>` tag, and every insertion makes the
 * browser recompute the page's styles. On a cold load of the dashboard that was about a quarter of the main
 * thread's work. The file made here holds every component's styles for the portal's theme, plus the marker
 * rule antd's runtime reads (`.data-ant-cssinjs-cache-path`): a component whose styles the file already holds
 * skips all of that. A component missing from the file, or rendered with another theme, still gets its styles
 * at run time, so the file can only save work, never lose a style. Its box-sizing resets are one rule
 * (build/antd-box-sizing.ts): as antd writes them, they made every restyle slow.
 *
 * `render` answers the CSS (antd's @ant-design/static-style-extract with the portal's ConfigProvider); it is
 * called once per build, and not at all for the dev server or the tests.
 */
export function antdStaticStyles(render: () => Promise<string>): Plugin {
  let files: Array<{ fileName: string; css: string }> = [];
  return {
    name: 'ess-antd-static-styles',
    apply: 'build',
    async buildStart() {
      // In parts, each parsed in a task of its own (build/css-split.ts), named by their content. Eight characters,
      // as Vite names its files: the server keeps such a name a year (HASHED_ASSET in server/core/http/static.ts);
      // with ten it was asked for again on every load.
      files = splitStylesheet(collapseBoxSizingResets(await render()), STYLESHEET_PARTS).map((css, index) => ({
        fileName: `assets/antd${index + 1}-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`,
        css,
      }));
    },
    generateBundle() {
      for (const { fileName, css } of files) this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({
        html,
        // First in <head>, in order: the app's own CSS and antd's run-time styles come after them and win ties.
        tags: files.map(({ fileName }) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${fileName}` },
          injectTo: 'head-prepend' as const,
        })),
      }),
    },
  };
}
