import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The translated message of a response code (spec §8), above the form that got it. */
export function CodeAlert({ code }: { code: number | undefined }) {
  const { t } = useTranslation();
  if (code === undefined) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={t(`errors:code.${code}`, { defaultValue: t('errors:code.-1') })}
      style={{ marginBottom: 20 }}
    />
  );
}
