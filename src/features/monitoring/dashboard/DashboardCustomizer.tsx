import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_CARDS, type DashboardCard } from '../../../../contract/monitoring-constants';
import { useUser } from '../../../auth/useUser';
import { useScreens } from '../../../ui/useScreens';
import { monitoringApi, monitoringKeys, type DashboardSettings } from '../api';

interface Row {
  card: DashboardCard;
  shown: boolean;
}

/** The chosen cards in their order, then the others (not shown) in the default order. */
function rowsOf(chosen: readonly DashboardCard[] | undefined): Row[] {
  const shown = chosen?.length ? chosen : DASHBOARD_CARDS;
  return [
    ...shown.map((card) => ({ card, shown: true })),
    ...DASHBOARD_CARDS.filter((card) => !shown.includes(card)).map((card) => ({ card, shown: false })),
  ];
}

/** A card's name: its title on the dashboard. */
const cardTitleKey = (card: DashboardCard) => (card === 'faults' ? 'faults.recent' : `${card}.title`);

export interface DashboardCustomizerProps {
  open: boolean;
  onClose: () => void;
  /** The preferences as stored: the other keys are kept when the cards are saved. */
  settings: DashboardSettings | undefined;
}

/**
 * Which cards the customer's dashboard shows and in what order (SaveIndexESSSet `cards`): a checkbox per card and
 * buttons to move it up or down, which work the same with a keyboard, a mouse and a screen reader.
 */
export default function DashboardCustomizer({ open, onClose, settings }: DashboardCustomizerProps) {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const client = useQueryClient();
  const user = useUser();
  const narrow = !useScreens().sm;
  const [rows, setRows] = useState(() => rowsOf(settings?.cards));
  const [saving, setSaving] = useState(false);
  const chosen = rows.filter((row) => row.shown).map((row) => row.card);

  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  const toggle = (index: number, shown: boolean) => setRows((current) => current.map((row, i) => (i === index ? { ...row, shown } : row)));

  const save = async () => {
    setSaving(true);
    try {
      const next = { ...settings, cards: chosen };
      await monitoringApi.saveDashboardSettings(next);
      client.setQueryData(monitoringKeys.dashboardSettings(user?.username), next);
      void message.success(t('saved'));
      onClose();
    } catch {
      // the /api client showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('customize.title')}
      width={narrow ? '100%' : 420}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={() => setRows(rowsOf(undefined))}>{t('customize.reset')}</Button>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={chosen.length === 0} onClick={() => void save()}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('customize.intro')}</Typography.Paragraph>
      {chosen.length === 0 ? <Alert type="warning" showIcon message={t('customize.noneChosen')} style={{ marginBottom: 12 }} /> : null}
      <List
        size="small"
        bordered
        dataSource={rows}
        rowKey="card"
        renderItem={(row, index) => {
          const name = t(cardTitleKey(row.card));
          return (
            <List.Item
              data-card={row.card}
              actions={[
                <Button
                  key="up"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('customize.moveUp', { card: name })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />,
                <Button
                  key="down"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('customize.moveDown', { card: name })}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                />,
              ]}
            >
              <Checkbox checked={row.shown} onChange={(e) => toggle(index, e.target.checked)}>
                {name}
              </Checkbox>
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
