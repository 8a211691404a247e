import { Card, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clock, ComplaintClocks } from '../../../contract/complaint-clocks';
import { useFormat } from '../../i18n/format';
import { useDuration } from './useDuration';

const STATE_COLORS: Record<Clock['state'], string> = { running: 'processing', paused: 'warning', met: 'success', missed: 'error' };

/**
 * The service-level clocks of a complaint (DESIGN §9, computed by the server from the history): first response and
 * resolution against their targets, and the time with R&D. Shown when the complaint's answer carries them.
 */
export function ClocksCard({ clocks, padding }: { clocks: ComplaintClocks; padding: { body: { padding: number } } }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const format = useFormat();
  const line = (name: 'first_response' | 'resolution') => {
    const clock = clocks[name];
    const percent = clock.target_ms > 0 ? Math.min(100, Math.round((clock.elapsed_ms / clock.target_ms) * 100)) : 0;
    return {
      key: name,
      label: t(`complaints:clocks.${name}`),
      children: (
        <Space direction="vertical" size={0} style={{ width: '100%' }} data-testid={`complaint-clock-${name}`}>
          <Space size={4} wrap>
            <Tag color={STATE_COLORS[clock.state]}>{t(`complaints:clocks.state.${clock.state}`)}</Tag>
            {clock.overdue && clock.state !== 'missed' && <Tag color="error">{t('complaints:clocks.overdue')}</Tag>}
          </Space>
          <Progress percent={percent} showInfo={false} size="small" status={clock.overdue ? 'exception' : undefined} />
          <Typography.Text type="secondary">
            {t('complaints:clocks.elapsedOf', { elapsed: duration(clock.elapsed_ms), target: duration(clock.target_ms) })}
          </Typography.Text>
          {clock.due_at && (
            <Typography.Text type={clock.overdue ? 'danger' : 'secondary'}>
              {t('complaints:clocks.dueAt', { at: format.dateTime(clock.due_at) })}
            </Typography.Text>
          )}
        </Space>
      ),
    };
  };
  const items: { key: string; label: string; children: ReactNode }[] = [line('first_response'), line('resolution')];
  if (clocks.rnd.state !== 'none')
    items.push({
      key: 'rnd',
      label: t('complaints:clocks.rnd'),
      children: (
        <Space size={4} wrap data-testid="complaint-clock-rnd">
          <Tag color={clocks.rnd.state === 'running' ? 'processing' : 'default'}>{t(`complaints:clocks.rndState.${clocks.rnd.state}`)}</Tag>
          <Typography.Text type="secondary">{duration(clocks.rnd.elapsed_ms)}</Typography.Text>
        </Space>
      ),
    });
  return (
    <Card title={t('complaints:clocks.title')} styles={padding} data-testid="complaint-clocks">
      <Descriptions size="small" column={1} layout="vertical" items={items} />
    </Card>
  );
}
