import { Button, Input, Space, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The search for a customer account on the install and association forms: staff type part of a name or address,
 * installers and resellers the exact e-mail (the server lists nothing else to them); says so when nothing matched.
 */
export function CustomerSearch({
  value,
  onChange,
  onFind,
  partner,
  found,
  style,
}: {
  value: string;
  onChange: (text: string) => void;
  onFind: () => void;
  /** An installer or reseller: the exact e-mail only. */
  partner: boolean;
  /** How many accounts the last search found; null before any. */
  found: number | null;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('install');
  return (
    <>
      <Space.Compact style={{ width: '100%', ...style }}>
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            onFind();
          }}
          placeholder={partner ? t('form.customerSearch') : t('form.customerSearchStaff')}
          type={partner ? 'email' : 'text'}
          maxLength={254}
        />
        <Button onClick={onFind}>{t('form.find')}</Button>
      </Space.Compact>
      {found === 0 && <Typography.Paragraph type="secondary">{t('form.noCustomer')}</Typography.Paragraph>}
    </>
  );
}
