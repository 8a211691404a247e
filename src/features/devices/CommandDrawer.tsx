import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isOpenState } from '../../../contract/device-commands';
import { useFormat } from '../../i18n/format';
import { useScreens } from '../../ui/useScreens';
import { devicesQueries } from './api';
import { commandLabel, messageText, paramsText, STATE_COLORS } from './catalogue';
import { StateTag } from './StateTag';

const TIMELINE_COLORS: Record<string, string> = { success: 'green', error: 'red', warning: 'orange', processing: 'blue', blue: 'blue' };

/** One command: its parameters, times and every transition of its ledger row (who, when, what the device said). */
export function CommandDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const screens = useScreens();
  const { data } = useQuery({
    ...devicesQueries.command(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && isOpenState(query.state.data.state) ? 2000 : false),
  });
  const tz = data?.time_zone;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      title={data ? `${commandLabel(t, data.command)} · ${data.sys_sn}` : t('devices:list.details')}
      destroyOnHidden
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'state', label: t('devices:list.state'), children: <StateTag state={data.state} /> },
              { key: 'system', label: t('devices:list.system'), children: `${data.sys_sn} · ${data.sys_name} (${data.model})` },
              { key: 'params', label: t('devices:detail.params'), children: paramsText(t, fmt, data.command, data.params, tz) || '–' },
              { key: 'message', label: t('devices:list.message'), children: messageText(t, data.state, data.message) ?? '–' },
              { key: 'sender', label: t('devices:list.sender'), children: data.requested_by ?? t('devices:list.portal') },
              {
                key: 'created',
                label: t('devices:list.created'),
                children: fmt.dateTime(data.created_at, { timeZone: tz, seconds: true }),
              },
              { key: 'expires', label: t('devices:detail.expires'), children: fmt.dateTime(data.expires_at, { timeZone: tz }) },
              ...(data.retry_of !== null ? [{ key: 'retry', label: t('devices:detail.retryOf'), children: `#${data.retry_of}` }] : []),
              { key: 'zone', label: t('devices:detail.timeZone'), children: data.time_zone },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('devices:detail.history')}
          </Typography.Title>
          <Timeline
            items={data.history.map((event, index) => ({
              key: index,
              color: TIMELINE_COLORS[STATE_COLORS[event.state]] ?? 'gray',
              children: (
                <>
                  <StateTag state={event.state} />{' '}
                  <Typography.Text type="secondary">{fmt.dateTime(event.at, { timeZone: tz, seconds: true })}</Typography.Text>
                  <div>
                    {event.by ?? t('devices:list.portal')}
                    {event.message && ` · ${messageText(t, event.state, event.message)}`}
                  </div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
