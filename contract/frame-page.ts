/**
 * What the build (server/route-frame.ts) writes into a page's copy of index.html for the frame script
 * (src/boot/frame.ts): a JSON `<script>` with the id FRAME_DATA_ID.
 */

/** One page's frame in one language: the breadcrumb's titles, the heading and its line, the sider's greeting. */
export interface FrameTexts {
  crumbs: string[];
  title?: string;
  subtitle?: string;
  /** The sider's greeting, `{{name}}` standing for the user's name. */
  welcome: string;
}

/** A file of the app, in the order the page fetches it. */
export interface FrameAsset {
  kind: 'style' | 'preload-style' | 'modulepreload' | 'module' | 'script';
  href: string;
}

export interface FramePage {
  /** By language code. */
  texts: Partial<Record<string, FrameTexts>>;
  assets: FrameAsset[];
}

export const FRAME_DATA_ID = 'ess-frame';
