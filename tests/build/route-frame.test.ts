import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildFrameScript, framePageHtml, frameStyles, frameTexts, shippedText } from '../../build/route-frame';
import { FRAME_DATA_ID, type FramePage } from '../../contract/frame-page';

const INDEX_HTML = `<!doctype html><html lang="en"><head>
<link rel="stylesheet" href="/assets/antd1-1234abcd.css">
<script src="/warm-intl.js" async></script><title>ESS Portal</title>
<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-EfGh5678.css">
</head><body><div id="root"><div class="boot">mark</div></div><noscript>ESS Portal needs JavaScript.</noscript></body></html>`;

function pageData(html: string): FramePage {
  const data = new RegExp(`<script type="application/json" id="${FRAME_DATA_ID}">(.*?)</script>`).exec(html)![1]!;
  return JSON.parse(data) as FramePage;
}

describe("the pages' frames, as the build writes them (build/route-frame.ts)", () => {
  it("holds each page's breadcrumb in the four languages, and the storage list's page head", () => {
    const storage = frameTexts('energyStorageList', '/energystoragelist/energystoragelist');
    expect(Object.keys(storage).sort()).toEqual(['de', 'en', 'ja', 'zh']);
    expect(storage.en).toEqual({
      crumbs: ['Home', 'Storage systems'],
      title: 'Storage systems',
      subtitle: 'Every system in your area, live status and key figures',
      welcome: 'Welcome, {{name}}',
    });
    expect(storage.zh!.title).toBe(shippedText('zh', 'menu:energyStorageList'));
    expect(storage.de!.subtitle).toBe(shippedText('de', 'monitoring:list.subtitle'));
    // The texts of every language are its own (none left as the key).
    for (const texts of Object.values(storage))
      for (const text of [...texts.crumbs, texts.title!, texts.subtitle!]) expect(text).not.toMatch(/^\w+:/);
    // A screen whose heading depends on its data: no page head; the dashboard holds its customer's cards' words.
    const dashboard = frameTexts('dashboard', '/dashboard');
    expect(dashboard.en).toEqual({
      crumbs: ['Home'],
      welcome: 'Welcome, {{name}}',
      customerHome: {
        cards: ['System', 'Power flow', 'Today'],
        series: ['PV', 'Load', 'Charged', 'Discharged', 'Bought', 'Sold'],
        rates: ['Self-consumption today', 'Autarky today'],
      },
    });
    expect(dashboard.de!.customerHome!.rates[1]).toBe(shippedText('de', 'monitoring:rates.autarkyToday'));
    for (const { customerHome } of Object.values(dashboard))
      for (const text of [...customerHome!.cards, ...customerHome!.series, ...customerHome!.rates]) expect(text).not.toMatch(/^\w+:/);
    expect(frameTexts('energyStorageList', '/energystoragelist/energystoragelist').en!.customerHome).toBeUndefined();
    // A page in a group: the group's title in the trail.
    expect(frameTexts('userManagement', '/basicsettings/usermanagement').de!.crumbs).toHaveLength(3);
  });

  it("moves the tags that fetch the app into the frame's list, styles first, and escapes the data", () => {
    const texts = { en: { crumbs: ['</script><script>alert(1)</script>'], welcome: 'Welcome, {{name}}' } };
    const html = framePageHtml(INDEX_HTML, {
      texts,
      preloads: ['assets/PortalApp-Xy12Zw34.js', 'assets/PortalApp-Xy12Zw34.css'],
      script: 'assets/frame-Qw12Er34.js',
      css: frameStyles(),
    });
    expect(html).not.toMatch(/<link rel="stylesheet"|<script type="module"|warm-intl.js" async/);
    expect(html).toContain('<script src="/assets/frame-Qw12Er34.js"></script>');
    // The app's layout rules, whose classes the frame shares, and its own.
    expect(html).toContain('.app-sider__brand');
    expect(html).toContain('.frame__sider');
    expect(html).not.toContain('</script><script>alert');
    const page = pageData(html);
    expect(page.texts).toEqual(texts);
    expect(page.assets).toEqual([
      { kind: 'style', href: '/assets/antd1-1234abcd.css' },
      { kind: 'style', href: '/assets/index-EfGh5678.css' },
      { kind: 'modulepreload', href: '/assets/PortalApp-Xy12Zw34.js' },
      { kind: 'preload-style', href: '/assets/PortalApp-Xy12Zw34.css' },
      { kind: 'script', href: '/warm-intl.js' },
      { kind: 'module', href: '/assets/index-AbCd1234.js' },
    ]);
  });

  it("inlines the monitoring view's rules into the dashboard's frame only", () => {
    expect(frameStyles('dashboard')).toContain('.monitor-rate');
    expect(frameStyles('dashboard')).toContain('.frame-home__row');
    expect(frameStyles('energyStorageList')).not.toContain('.monitor-rate');
    // The app's layout rules come first, the frame's own last (they win ties).
    expect(frameStyles('dashboard').indexOf('.app-sider__brand')).toBeLessThan(frameStyles('dashboard').indexOf('.monitor-rate'));
    expect(frameStyles('dashboard').indexOf('.monitor-rate')).toBeLessThan(frameStyles('dashboard').indexOf('.frame__sider'));
  });

  it('builds the frame into one classic script, nothing for it to import', async () => {
    const script = await buildFrameScript();
    // An import or export declaration would not parse as a classic script; nor is anything loaded at run time.
    expect(() => new Script(script)).not.toThrow();
    expect(script).not.toMatch(/\bimport\s*\(/);
    expect(script).toContain(FRAME_DATA_ID);
    // Small: every page behind the login waits for it before its first paint.
    expect(script.length).toBeLessThan(6000);
  });
});
