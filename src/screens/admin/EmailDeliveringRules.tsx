import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailDeliveringRules, notificationCategories } from '../../../resources/emailDeliveringRules';
import { mailOutbox } from '../../../resources/mailOutbox';
import { ResourceScreen } from '../../resources/ResourceScreen';

/** The rules, beside them the notification categories they refer to, and the mails they produced. */
export default function EmailDeliveringRules() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'rules', label: t('admin:emailDeliveringRules.tabRules'), children: <ResourceScreen declaration={emailDeliveringRules} /> },
        { key: 'categories', label: t('admin:emailNotificationCategories.title'), children: <ResourceScreen declaration={notificationCategories} /> },
        { key: 'outbox', label: t('admin:mailOutbox.title'), children: <ResourceScreen declaration={mailOutbox} /> },
      ]}
    />
  );
}
