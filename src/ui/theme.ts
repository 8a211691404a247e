import type { ThemeConfig } from 'antd';

/** The brand green, dark enough for white text on it and for green text on white (WCAG AA, 5:1; #0f9f6e gave 3.4:1). */
export const BRAND = '#0a7f58';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorInfo: '#1677c9',
    // Secondary texts (statistic titles, breadcrumb, 'Updated …') at 6:1 on white; antd's 0.45 black gives 3.4:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    borderRadius: 8,
    // Linux's fonts first: Chrome there asks fontconfig for each family in turn, and the Apple, Windows and Android
    // names before Arial each cost a lookup per weight and size on a cold load, and a glyph Liberation Sans lacks
    // (the ₂ of CO₂) sent it on through the list to load the CJK font, 95 ms, on an English page. Measured in
    // Chromium here: twenty styles laid out in 290-340 ms with antd's list, 80-150 ms with this one; the dashboard's
    // largest layout took 120-250 ms. Linux ended on Liberation Sans (Arial's metric twin, through Arial) anyway, so
    // the text looks the same; DejaVu Sans holds the glyphs Liberation lacks. On macOS and Windows the two missing
    // names are skipped and nothing changes.
    fontFamily:
      "'Liberation Sans', 'DejaVu Sans', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { siderBg: '#0d2a2b', headerBg: '#ffffff', bodyBg: '#f3f6f6' },
    Menu: {
      darkItemBg: '#0d2a2b',
      darkSubMenuItemBg: '#0a2122',
      darkItemSelectedBg: BRAND,
    },
  },
};

/**
 * The theme for a user who asked for less motion: antd's modals, drawers, menus and messages appear and go without
 * zooming, sliding or fading (WCAG 2.3.3). The power-flow diagram's moving dashes stop in its own stylesheet.
 */
export const themeWithoutMotion: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
