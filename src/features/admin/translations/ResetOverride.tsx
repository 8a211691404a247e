import { UndoOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../resources/RowAction';
import { adminApi } from '../api';
import type { TranslationLanguage as Lang } from '../../../../contract/admin/translations-constants';
import { reloadShipped } from './runningApp';

/**
 * 'Reset to the shipped text' of one language of a key that an admin edited: asks first, removes the override on
 * the server (/Translation/ResetTranslation) and shows the shipped text in this browser at once.
 */
export function ResetOverride({
  language,
  namespace,
  translationKey,
  onReset,
}: {
  language: Lang;
  namespace: string;
  translationKey: string;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const languageName = t(`admin:langTransManagement.lang.${language}`);
  return (
    <ConfirmRowAction
      title={t('admin:langTransManagement.reset', { language: languageName })}
      icon={<UndoOutlined />}
      size="small"
      data-testid={`translation-reset-${language}`}
      confirm={t('admin:langTransManagement.resetConfirm', { language: languageName })}
      okText={t('admin:langTransManagement.resetOk')}
      data-confirm-testid="translation-reset-confirm"
      onConfirm={async () => {
        const answer = await adminApi.resetTranslation({ language, namespace, key: translationKey });
        if (!answer.ok) return;
        await reloadShipped(language, namespace);
        message.success(t('admin:langTransManagement.resetDone', { language: languageName }));
        onReset();
      }}
    />
  );
}
