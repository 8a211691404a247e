import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { emailDeliveringRules, notificationCategories } from '../../../resources/emailDeliveringRules';
import { mailOutbox } from '../../../resources/mailOutbox';
import { api } from '../../api/client';
import { ResourceScreen } from '../../resources/ResourceScreen';
import type { Page } from '../../shared/codes';

/** How many delivering rules name each category (codes compared without case, as the server does). */
function useRulesPerCategory() {
  return useQuery({
    queryKey: ['email-rules-per-category'],
    queryFn: async () => {
      const envelope = await api.post<Page<{ category_code: string }>>(emailDeliveringRules.endpoints.list!, { pageIndex: 1, pageSize: 50_000 }, { quiet: true });
      const counts = new Map<string, number>();
      if (envelope.code !== 200) return counts;
      for (const rule of envelope.data.data) {
        const code = String(rule.category_code).toLowerCase();
        counts.set(code, (counts.get(code) ?? 0) + 1);
      }
      return counts;
    },
  });
}

/**
 * The categories: the server refuses to delete one that rules still use (400), so the list says so first. While
 * rules use a category its delete is disabled, its tooltip giving the count; the confirmation says it too.
 */
function Categories() {
  const { t } = useTranslation();
  const counts = useRulesPerCategory();
  return (
    <ResourceScreen
      declaration={notificationCategories}
      options={{
        onChange: () => void counts.refetch(),
        deletion: (row) => {
          const name = String(row.name ?? row.category_code);
          // Not counted yet: no delete offered meanwhile (the count failed: the generic delete, the server checks).
          if (!counts.data) return counts.isError ? undefined : { blocked: t('admin:emailNotificationCategories.countingRules') };
          const rules = counts.data.get(String(row.category_code).toLowerCase()) ?? 0;
          if (rules > 0) return { blocked: t('admin:emailNotificationCategories.inUse', { name, count: rules }) };
          return { confirm: t('admin:emailNotificationCategories.deleteConfirm', { name }) };
        },
      }}
    />
  );
}

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
        { key: 'categories', label: t('admin:emailNotificationCategories.title'), children: <Categories /> },
        { key: 'outbox', label: t('admin:mailOutbox.title'), children: <ResourceScreen declaration={mailOutbox} /> },
      ]}
    />
  );
}
