import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailDeliveringRules, notificationCategories } from '../../../resources/emailDeliveringRules';
import { ResourceScreen } from '../../resources/ResourceScreen';

/** The rules, and beside them the notification categories they refer to. */
export default function EmailDeliveringRules() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'rules', label: t('admin:emailDeliveringRules.tabRules'), children: <ResourceScreen declaration={emailDeliveringRules} /> },
        { key: 'categories', label: t('admin:emailNotificationCategories.title'), children: <ResourceScreen declaration={notificationCategories} /> },
      ]}
    />
  );
}
