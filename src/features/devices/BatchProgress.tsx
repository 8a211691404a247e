import { Progress, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAILED_COMMAND_STATES, OPEN_COMMAND_STATES } from '../../../contract/device-commands';
import type { BatchRow } from '../../../contract/devices';
import { useFormat } from '../../i18n/format';

/** A batch's counts in three: succeeded, failed (failed, rejected, timed out, expired) and still open. */
export function batchCounts(batch: Pick<BatchRow, 'counts' | 'total'>) {
  const sum = (states: readonly string[]) => states.reduce((n, s) => n + (batch.counts[s as keyof BatchRow['counts']] ?? 0), 0);
  return { succeeded: batch.counts.succeeded ?? 0, failed: sum(FAILED_COMMAND_STATES), open: sum(OPEN_COMMAND_STATES) };
}

/** One bar: green what succeeded, red what failed, the rest (open, canceled, superseded) its trail. */
export function BatchProgress({ batch }: { batch: BatchRow }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { succeeded, failed, open } = batchCounts(batch);
  const pct = (n: number) => (batch.total ? (n / batch.total) * 100 : 0);
  const n = (v: number) => fmt.number(v, 0);
  return (
    <div className="device-progress">
      <Tooltip
        title={`${t('devices:state.succeeded')} ${n(succeeded)} · ${t('devices:batch.failed')} ${n(failed)} · ${t('devices:batch.open')} ${n(open)}`}
      >
        <Progress
          percent={pct(succeeded + failed)}
          success={{ percent: pct(succeeded) }}
          strokeColor="#ff4d4f"
          showInfo={false}
          size="small"
          aria-label={t('devices:batch.progress')}
        />
      </Tooltip>
      <Space size={8} wrap>
        <Typography.Text type="success">✓ {n(succeeded)}</Typography.Text>
        <Typography.Text type="danger">✗ {n(failed)}</Typography.Text>
        <Typography.Text type="secondary">
          {t('devices:batch.open')} {n(open)} / {n(batch.total)}
        </Typography.Text>
      </Space>
    </div>
  );
}
