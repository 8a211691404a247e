import type { ThemeConfig } from 'antd';

export const BRAND = '#0f9f6e';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorInfo: '#1677c9',
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
