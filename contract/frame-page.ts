/**
 * What the build (build/route-frame.ts) writes into a page's copy of index.html for the frame script
 * (src/boot/frame.ts): a JSON `<script>` with the id FRAME_DATA_ID.
 */

/**
 * The words of the customer's home (the dashboard of a customer or sharer) that its first cards show before any
 * figure: drawn by the frame for such a user, as the app's first render draws them (src/features/monitoring).
 */
export interface CustomerHomeTexts {
  /** The titles of the figures, power flow and today's cards. */
  cards: [string, string, string];
  /** Today's series names, in ENERGY_SERIES order (contract/monitoring-constants.ts). */
  series: string[];
  /** The two rates under them: self-consumption, autarky. */
  rates: [string, string];
}

/** One page's frame in one language: the breadcrumb's titles, the heading and its line, the sider's greeting. */
export interface FrameTexts {
  crumbs: string[];
  title?: string;
  subtitle?: string;
  /** The sider's greeting, `{{name}}` standing for the user's name. */
  welcome: string;
  /** The dashboard's: its cards for a customer or sharer (other roles see another dashboard). */
  customerHome?: CustomerHomeTexts;
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
