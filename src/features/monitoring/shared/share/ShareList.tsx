import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { ShareListRow } from '../../../../../contract/monitoring';
import { useScreens } from '../../../../ui/useScreens';
import { monitoringApi, monitoringKeys } from '../../api';
import { ExtendShare } from './ExtendShare';
import { ListEntry } from '../../../../ui/ListEntry';

/**
 * Whom the system is shared with: name or address, registered or invitation pending,
 * until when (or since when ended), with Extend and Revoke while it lasts. A list rather than a table: it reads as cards
 * on a phone.
 */
export function ShareList({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const fmt = useFormat();
  const { message } = App.useApp();
  const client = useQueryClient();
  // On a phone the buttons go under the person, so the address keeps the width.
  const narrow = !useScreens().sm;
  const { data, isLoading } = useQuery({ queryKey: monitoringKeys.shares(sn), queryFn: () => monitoringApi.shares(sn) });
  const refresh = () => client.invalidateQueries({ queryKey: monitoringKeys.shares(sn) });

  const revoke = async (share: ShareListRow) => {
    await monitoringApi.revokeShare(sn, share.id);
    void message.success(t('share.revoked', { who: share.display_name ?? share.username ?? share.email }));
    await refresh();
  };

  return (
    <div data-testid="share-list">
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('share.listTitle')}
      </Typography.Title>
      <List<ShareListRow>
        size="small"
        itemLayout={narrow ? 'vertical' : 'horizontal'}
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: t('share.none') }}
        rowKey="id"
        renderItem={(share) => (
          <List.Item
            // An ended share gives nothing any more: sharing again renews it (the server refuses both on it).
            actions={
              share.active
                ? [
                    <ExtendShare key="extend" sn={sn} id={share.id} onExtended={() => void refresh()} />,
                    <Popconfirm
                      key="revoke"
                      title={t('share.revokeConfirm', { who: share.email })}
                      okText={t('share.revoke')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('common:actions.cancel')}
                      onConfirm={() => revoke(share)}
                    >
                      <Button size="small" danger>
                        {t('share.revoke')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <ListEntry
              title={
                <Space wrap size={4}>
                  <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                    {share.display_name ?? share.username ?? share.email}
                  </Typography.Text>
                  {share.registered ? <Tag color="green">{t('share.registered')}</Tag> : <Tag color="gold">{t('share.pending')}</Tag>}
                  {!share.active && <Tag>{t('share.ended')}</Tag>}
                </Space>
              }
              description={
                <>
                  {share.registered && <div style={{ wordBreak: 'break-all' }}>{share.email}</div>}
                  <div>{t(share.active ? 'share.until' : 'share.endedOn', { date: fmt.dateTime(share.expires_at) })}</div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
