import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './status.css';
import { EMS_STATUSES, type EmsStatus } from '../../../../contract/monitoring-constants';

/** Spec §4: the status colours; a missing or unknown value is shown dark. */
export const STATUS_COLORS: Record<EmsStatus | 'unknown', string> = {
  normal: '#18b46b',
  warning: '#f5a623',
  fault: '#e5484d',
  offline: '#9aa5a5',
  protection: '#8b5cf6',
  unknown: '#1c2424',
};

/** ems_status is case-insensitive; anything else is unknown. */
export function statusOf(value: string | null | undefined): EmsStatus | 'unknown' {
  const lower = value?.toLowerCase();
  return (EMS_STATUSES as readonly string[]).includes(lower ?? '') ? (lower as EmsStatus) : 'unknown';
}

export function StatusDot({ status, size = 10 }: { status: string | null | undefined; size?: number }) {
  const { t } = useTranslation('monitoring');
  const key = statusOf(status);
  return (
    <span
      className="status-dot"
      data-status={key}
      role="img"
      aria-label={t(`status.${key}`)}
      title={t(`status.${key}`)}
      style={{
        width: size,
        height: size,
        background: STATUS_COLORS[key],
        boxShadow: key === 'unknown' ? 'inset 0 0 0 1px rgba(255,255,255,0.35)' : undefined,
      }}
    />
  );
}

export function StatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('monitoring');
  const key = statusOf(status);
  return (
    // The status colour as the dot and the border; the text stays dark, since white on the light status colours
    // (normal, warning, offline) is too faint to read.
    <Tag className="status-tag" style={{ marginInlineEnd: 0, borderColor: STATUS_COLORS[key] }}>
      <Badge color={STATUS_COLORS[key]} /> {t(`status.${key}`)}
    </Tag>
  );
}
