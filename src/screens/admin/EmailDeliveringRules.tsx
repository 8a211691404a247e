import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { emailDeliveringRules, notificationCategories } from '../../../resources/emailDeliveringRules';
import { mailOutbox } from '../../../resources/mailOutbox';
import { ResourceScreen } from '../../resources/ResourceScreen';

/** The rules, beside them the notification categories they refer to, and the mails they produced. */
export default function EmailDeliveringRules() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Tabs
      destroyOnHidden
      // The tab is in the URL, and changing it starts from a clean query: each list keeps its paging,
      // sorting and filters there, and one list's sort field means nothing to the next.
      activeKey={params.get('tab') ?? 'rules'}
      onChange={(tab) => setParams({ tab })}
      items={[
        { key: 'rules', label: t('admin:emailDeliveringRules.tabRules'), children: <ResourceScreen declaration={emailDeliveringRules} /> },
        { key: 'categories', label: t('admin:emailNotificationCategories.title'), children: <ResourceScreen declaration={notificationCategories} /> },
        { key: 'outbox', label: t('admin:mailOutbox.title'), children: <ResourceScreen declaration={mailOutbox} /> },
      ]}
    />
  );
}
