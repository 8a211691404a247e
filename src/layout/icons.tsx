import {
  CustomerServiceOutlined,
  DatabaseOutlined,
  ExportOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icon names of permissions/routes.ts. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  storage: <DatabaseOutlined />,
  export: <ExportOutlined />,
  tool: <ToolOutlined />,
  info: <InfoCircleOutlined />,
  setting: <SettingOutlined />,
  complaint: <CustomerServiceOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
