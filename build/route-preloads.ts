import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { leafRoutes } from '../permissions/routes';
import { ROUTE_PAGES_DIR, ROUTE_PAGES_INDEX } from '../contract/route-pages';
import { buildFrameScript, forgetShippedTexts, framePageHtml, frameStyles, frameTexts } from './route-frame';

/** The screens written by hand, by route key (an object of `key: … import('<module>') …` entries). */
const CUSTOM_SCREENS = resolve('src/routing/customScreens.ts');
/** The chunk behind the login: Refine, the declarations, the layout. */
const PORTAL = resolve('src/PortalApp.tsx');
/** The entry, whose dynamic imports are the app's shell (React's renderer, antd's core, App.tsx), evaluated in turn. */
const MAIN = resolve('src/main.tsx');

interface AstNode {
  type: string;
  [key: string]: unknown;
}

/** Calls `visit` on every node under `node`, depth first; a visit answering false skips that node's children. */
function walk(node: unknown, visit: (node: AstNode) => boolean | void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach((child) => walk(child, visit));
    return;
  }
  const ast = node as AstNode;
  if (typeof ast.type === 'string' && visit(ast) === false) return;
  for (const value of Object.values(ast)) walk(value, visit);
}

/** The string sources of the dynamic imports anywhere under `node`. */
function importSources(node: unknown): string[] {
  const found: string[] = [];
  walk(node, (ast) => {
    const source = ast.source as AstNode | undefined;
    if (ast.type === 'ImportExpression' && source?.type === 'Literal' && typeof source.value === 'string') found.push(source.value);
  });
  return found;
}

/** The route keys of customScreens.ts's object with the first module each one's entry imports. */
export function screenImports(ast: unknown): Map<string, string> {
  const screens = new Map<string, string>();
  walk(ast, (node) => {
    if (node.type !== 'Property' || (node.key as AstNode).type !== 'Identifier') return true;
    const source = importSources(node.value)[0];
    if (source) screens.set((node.key as AstNode).name as string, source);
    return false;
  });
  return screens;
}

/** A chunk's file, the files it imports (transitively) and their styles, less what the page's entry already loads. */
function chunkFiles(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, loaded: Set<string>, files = new Set<string>()): Set<string> {
  if (loaded.has(chunk.fileName) || files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') chunkFiles(next, bundle, loaded, files);
  }
  return files;
}

/** Tags fetching the shell's files with the page: its chunks as module preloads, its styles as stylesheets. */
function shellTags(files: Iterable<string>): string {
  return [...files]
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

/**
 * Vite plugin: for each page behind the login with a hand-written screen, a copy of index.html that draws the page's
 * frame at once and then asks for all of the page's code together, so the page shows before its code has arrived.
 *
 * - The frame: the layout and, where the screen opens with one, its page head, in the user's language, drawn by a
 *   small classic script (src/boot/frame.ts, build/route-frame.ts) before any of the app's files is fetched.
 * - All together: the portal's chunk and the screen's chunks beside the entry, instead of in turn (the entry, then
 *   the portal's chunk once the entry ran, then the screen once that ran, then the chunks the screen imports): on
 *   a cold start of the storage list each step was a round trip and a download more before its first row.
 *
 * The server sends the copy for its path (route-pages/index.json); the app itself is unchanged, and Vite's loader
 * skips a chunk that such a preload already fetched.
 */
export function routePreloads(): Plugin {
  let frameScript: Promise<string> | undefined;
  return {
    name: 'ess-route-preloads',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // Built beside the app, not after it.
      frameScript = buildFrameScript();
      forgetShippedTexts();
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const customScreens = this.getModuleInfo(CUSTOM_SCREENS);
      if (html?.type !== 'asset' || !customScreens?.ast) return;
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      // The chunk holding each module (a chunk that a dynamic import loads need not have it as its facade).
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const portal = byModule.get(PORTAL);
      if (!entry || !portal) return;
      const loaded = chunkFiles(entry, bundle, new Set());
      // The shell's chunks: every page needs them, and the entry asks for them one after the other (each is
      // evaluated in a task of its own); fetched ahead, they are all there when it does.
      const shell = new Set<string>();
      for (const source of importSources(this.getModuleInfo(MAIN)?.ast)) {
        const resolved = await this.resolve(source, MAIN);
        const chunk = resolved && byModule.get(resolved.id);
        if (chunk) chunkFiles(chunk, bundle, loaded, shell);
      }
      const script = this.getFileName(this.emitFile({ type: 'asset', name: 'frame.js', source: await frameScript! }));

      const pathsByKey = new Map(leafRoutes().map((route) => [route.key, route.path.toLowerCase()]));
      // The root goes on to the dashboard.
      const pages: Record<string, string> = {};
      for (const [key, source] of screenImports(customScreens.ast)) {
        const path = pathsByKey.get(key);
        const resolved = await this.resolve(source, CUSTOM_SCREENS);
        const screen = resolved && byModule.get(resolved.id);
        if (!path || !screen) continue;
        const files = chunkFiles(screen, bundle, loaded, chunkFiles(portal, bundle, loaded, new Set(shell)));
        const fileName = `${ROUTE_PAGES_DIR}/${key}.html`;
        const page = framePageHtml(String(html.source), { texts: frameTexts(key, path), preloads: files, script, css: frameStyles(key) });
        this.emitFile({ type: 'asset', fileName, source: page });
        pages[path] = fileName;
        if (key === 'dashboard') pages['/'] = fileName;
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_INDEX, source: JSON.stringify(pages) });
      // index.html itself (the login, the public pages, a page without a frame) fetches the shell with the entry.
      html.source = String(html.source).replace('</head>', `${shellTags(shell)}</head>`);
    },
  };
}
