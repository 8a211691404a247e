import { useTranslation } from 'react-i18next';
import { MB } from '../../../resources/attachments';
import { useFormat } from '../../i18n/format';

/** '80 MB', '0.2 MB' in the reader's number format. */
export function useFileSize(): (bytes: number) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (bytes) => t('common:attachments.megabytes', { value: format.number(bytes / MB, bytes >= 10 * MB ? 0 : 1) });
}
