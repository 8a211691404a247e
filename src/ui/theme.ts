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
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
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
