import { useQuery } from '@tanstack/react-query';
import { Badge, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { devicesQueries } from './api';

/** How often the figures are read again: they move with every device message. */
const REFRESH_MS = 30_000;

/**
 * One line above the command screen: how many systems in scope are connected, and what this node's channel handed
 * on and dropped since it started (a dropped message means a device speaks a schema the portal refuses).
 */
export function ChannelStatusBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useQuery({ ...devicesQueries.channel(), refetchInterval: REFRESH_MS });
  if (!data) return null;
  return (
    <Flex wrap gap="small" align="center" className="device-channel-status" role="status">
      <Badge status={data.broker === 'none' ? 'default' : 'processing'} text={t(`devices:channel.broker.${data.broker}`)} />
      <Typography.Text>
        {t('devices:channel.online', { online: format.number(data.online, 0), systems: format.number(data.systems, 0) })}
      </Typography.Text>
      <Tooltip title={t('devices:since', { time: format.dateTime(data.since) })}>
        <Typography.Text type="secondary">
          {t('devices:channel.received', { count: data.received, n: format.number(data.received, 0) })}
        </Typography.Text>
      </Tooltip>
      <Typography.Text type={data.dropped > 0 ? 'danger' : 'secondary'}>
        {t('devices:channel.dropped', { count: data.dropped, n: format.number(data.dropped, 0) })}
      </Typography.Text>
    </Flex>
  );
}
