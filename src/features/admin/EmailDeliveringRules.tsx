import { useList } from '@refinedev/core';
import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CATEGORY_DESCRIPTIONS,
  CATEGORY_NAMES,
  emailDeliveringRules,
  notificationCategories,
} from '../../../resources/emailDeliveringRules';
import { mailOutbox } from '../../../resources/mailOutbox';
import { countryLabel } from '../../../contract/countries';
import { ResourceScreen } from '../../resources/ResourceScreen';
import { metaOf, type ResourceScreenOptions } from '../../resources/screenTypes';

/**
 * How many delivering rules name each category (codes compared without case, as the server does): every rule,
 * read through the data provider like the rules' own list (a saved rule refreshes both).
 */
function useRulesPerCategory() {
  const { result, query } = useList<{ category_code: string }>({
    resource: emailDeliveringRules.name,
    pagination: { mode: 'off' },
    meta: metaOf(emailDeliveringRules),
    errorNotification: false,
  });
  const rules = query.isSuccess ? result.data : undefined;
  const data = useMemo(() => {
    if (!rules) return undefined;
    const counts = new Map<string, number>();
    for (const rule of rules) {
      const code = String(rule.category_code).toLowerCase();
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    return counts;
  }, [rules]);
  return { data, isError: query.isError, refetch: query.refetch };
}

/** A rule's recipient in the reader's language: a role by its name, a country by its name, an address as it is. */
function Recipient({ kind, value }: { kind: unknown; value: string }) {
  const { t, i18n } = useTranslation();
  if (kind === 'role') return <>{t(`common:role.${value}`, { defaultValue: value })}</>;
  if (kind === 'country') return <>{countryLabel(value, i18n.language)}</>;
  return <>{value}</>;
}

function Country({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{countryLabel(value, i18n.language) || '—'}</>;
}

/** A shipped category's name or description in the reader's language; one an administrator added, as written. */
function CategoryText({ prefix, code, text }: { prefix: string; code: string; text: string }) {
  const { t } = useTranslation();
  return <>{t(`${prefix}.${code}`, { defaultValue: text }) || '—'}</>;
}

const RULE_CELLS: ResourceScreenOptions['cells'] = {
  recipient_value: (value, row) => <Recipient kind={row.recipient_kind} value={String(value ?? '')} />,
  country: (value) => <Country value={String(value ?? '')} />,
};

const CATEGORY_CELLS: ResourceScreenOptions['cells'] = {
  name: (value, row) => <CategoryText prefix={CATEGORY_NAMES} code={String(row.category_code)} text={String(value ?? '')} />,
  description: (value, row) => <CategoryText prefix={CATEGORY_DESCRIPTIONS} code={String(row.category_code)} text={String(value ?? '')} />,
};

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
        cells: CATEGORY_CELLS,
        onChange: () => void counts.refetch(),
        deletion: (row) => {
          const name = t(`${CATEGORY_NAMES}.${String(row.category_code)}`, { defaultValue: String(row.name ?? row.category_code) });
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
        {
          key: 'rules',
          label: t('admin:emailDeliveringRules.tabRules'),
          children: <ResourceScreen declaration={emailDeliveringRules} options={{ cells: RULE_CELLS }} />,
        },
        { key: 'categories', label: t('admin:emailNotificationCategories.title'), children: <Categories /> },
        { key: 'outbox', label: t('admin:mailOutbox.title'), children: <ResourceScreen declaration={mailOutbox} /> },
      ]}
    />
  );
}
