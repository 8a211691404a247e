import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../api/session';
import { type CustomerSettings, type InstallerSettings, type StaffSettings } from '../../../contract/account-settings';
import { CURRENCIES, FAULT_MAIL_DELIVERY, PAGE_SIZES } from '../../../contract/account-settings-constants';
import { countryOptions } from '../../../contract/countries';
import { STAFF_ROLES } from '../../../permissions/roles';
import { useUser } from '../../auth/useUser';
import { useFormat } from '../../i18n/format';
import { allowedRoutes } from '../../routing/menu';
import { hasScreen } from '../../routing/screens';
import { accountKeys, getTimeZones } from '../account/api';
import { TimeRange } from '../monitoring/settings/TimeRange';
import { settingsApi, settingsQueries } from './api';

/**
 * The sections of userInfoSettings that fit the caller's roles: a customer's notification mails, an installer's
 * defaults for new systems, a staff member's working preferences, and the remote controls the roles may use.
 */
export function RoleSettings() {
  const user = useUser();
  const roles = user?.roles ?? [];
  const staff = roles.some((role) => role !== 'installer' && (STAFF_ROLES as readonly string[]).includes(role));
  return (
    <>
      {roles.includes('customer') && <CustomerSection />}
      {roles.includes('installer') && <InstallerSection />}
      {staff && <StaffSection roles={roles} menuDenied={user?.menuDenied ?? []} />}
      <ControlsSection />
    </>
  );
}

/** One section: its settings loaded into a form, saved with the section's call. */
function Section<T extends object>({
  title,
  help,
  query: { queryKey, queryFn: load },
  save,
  toForm = (v) => v,
  fromForm = (v) => v as T,
  children,
}: {
  title: string;
  help: string;
  query: { queryKey: QueryKey; queryFn: () => Promise<T> };
  save: (value: T) => Promise<null>;
  toForm?: (value: T) => object;
  fromForm?: (values: Record<string, unknown>) => T;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const query = useQuery({ queryKey, queryFn: load });
  useEffect(() => {
    if (query.data) form.setFieldsValue(toForm(query.data));
  }, [query.data, form, toForm]);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      void message.success(t('saved'));
      await client.invalidateQueries({ queryKey });
    },
  });
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      loading={query.isLoading}
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(values) => mutation.mutate(fromForm(values))}>
        {children}
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

interface CustomerForm extends Omit<CustomerSettings, 'quietHours'> {
  quietEnabled: boolean;
  quietRange: [string, string];
}
const customerToForm = (v: CustomerSettings): CustomerForm => ({
  faultAlerts: v.faultAlerts,
  monthlyReport: v.monthlyReport,
  news: v.news,
  quietEnabled: v.quietHours.enabled,
  quietRange: [v.quietHours.start, v.quietHours.end],
});
const customerFromForm = (f: Record<string, unknown>): CustomerSettings => {
  const v = f as unknown as CustomerForm;
  return {
    faultAlerts: v.faultAlerts,
    monthlyReport: v.monthlyReport,
    news: v.news,
    quietHours: { enabled: v.quietEnabled, start: v.quietRange[0], end: v.quietRange[1] },
  };
};

function CustomerSection() {
  const { t } = useTranslation('settings');
  return (
    <Section
      title={t('customer.title')}
      help={t('customer.help')}
      query={settingsQueries.customer()}
      save={settingsApi.saveCustomer}
      toForm={customerToForm}
      fromForm={customerFromForm}
    >
      {(['faultAlerts', 'monthlyReport', 'news'] as const).map((name) => (
        <Form.Item key={name} name={name} label={t(`customer.${name}`)} valuePropName="checked" layout="horizontal">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name="quietEnabled"
        label={t('customer.quietHours')}
        valuePropName="checked"
        extra={t('customer.quietHoursHelp')}
        layout="horizontal"
      >
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['quietEnabled']}>
        {({ getFieldValue }) =>
          getFieldValue('quietEnabled') ? (
            <Form.Item name="quietRange" label={`${t('customer.from')} – ${t('customer.to')}`}>
              <TimeRange />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </Section>
  );
}

function InstallerSection() {
  const { t, i18n } = useTranslation('settings');
  const zones = useQuery({ queryKey: accountKeys.timeZones(), queryFn: async () => (await getTimeZones()).data ?? [] });
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const fmt = useFormat();
  // A price is typed as the language writes it ('0,29' in German), as on the electricity prices screen.
  const price = { min: 0, max: 10, step: 0.01, decimalSeparator: fmt.number(1.5, 1).replace(/\d/g, ''), style: { width: '100%' } };
  return (
    <Section
      title={t('installer.title')}
      help={t('installer.help')}
      query={settingsQueries.installer()}
      save={settingsApi.saveInstaller}
      fromForm={(v) => ({ ...(v as unknown as InstallerSettings), countryCode: (v.countryCode as InstallerSettings['countryCode']) ?? '' })}
    >
      <Form.Item name="countryCode" label={t('installer.countryCode')}>
        <Select showSearch allowClear optionFilterProp="label" options={[{ value: '', label: t('installer.none') }, ...countries]} />
      </Form.Item>
      <Form.Item name="timeZone" label={t('installer.timeZone')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={zones.isLoading}
          options={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))}
        />
      </Form.Item>
      <Form.Item name="currency" label={t('installer.currency')} rules={[{ required: true, message: t('validation.currency') }]}>
        <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Space.Compact block style={{ gap: 16, flexWrap: 'wrap' }}>
        <Form.Item
          name="buyPrice"
          label={t('installer.buyPrice')}
          style={{ flex: '1 1 200px' }}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber {...price} />
        </Form.Item>
        <Form.Item
          name="feedInPrice"
          label={t('installer.feedInPrice')}
          style={{ flex: '1 1 200px' }}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber {...price} />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="contactName" label={t('installer.contactName')}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('installer.contactPhone')}
        rules={[{ pattern: /^[0-9 +()/-]*$/, message: t('validation.phone') }]}
      >
        <Input maxLength={40} inputMode="tel" />
      </Form.Item>
      <Form.Item name="contactEmail" label={t('installer.contactEmail')} rules={[{ type: 'email', message: t('validation.email') }]}>
        <Input maxLength={120} inputMode="email" />
      </Form.Item>
      <Form.Item
        name="customerExportLimit"
        label={t('installer.customerExportLimit')}
        extra={t('installer.customerExportLimitHelp')}
        valuePropName="checked"
        layout="horizontal"
      >
        <Switch />
      </Form.Item>
    </Section>
  );
}

function StaffSection({ roles, menuDenied }: { roles: readonly string[]; menuDenied: readonly string[] }) {
  const { t } = useTranslation('settings');
  const pages = useMemo(() => allowedRoutes(roles, menuDenied, hasScreen).filter((route) => !route.hidden), [roles, menuDenied]);
  return (
    <Section
      title={t('staff.title')}
      help={t('staff.help')}
      query={settingsQueries.staff()}
      save={async (value) => {
        const saved = await settingsApi.saveStaff(value);
        // The lists of this browser follow at once (other browsers at their next login).
        session.setListPageSize(value.pageSize);
        return saved;
      }}
      fromForm={(v) => v as unknown as StaffSettings}
    >
      <Form.Item name="landingPage" label={t('staff.landingPage')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select showSearch optionFilterProp="label" options={pages.map((route) => ({ value: route.key, label: t(`menu:${route.key}`) }))} />
      </Form.Item>
      <Form.Item name="pageSize" label={t('staff.pageSize')}>
        <Radio.Group optionType="button" options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} />
      </Form.Item>
      {roles.includes('servicer') && (
        <Form.Item name="faultMailDelivery" label={t('staff.faultMailDelivery')}>
          <Radio.Group options={FAULT_MAIL_DELIVERY.map((d) => ({ value: d, label: t(`staff.delivery.${d}`) }))} />
        </Form.Item>
      )}
    </Section>
  );
}

function ControlsSection() {
  const { t } = useTranslation('settings');
  const controls = useQuery(settingsQueries.controls());
  if (!controls.data?.length) return null;
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('controls.title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
    >
      <Space wrap size={[8, 8]}>
        {controls.data.map((c) => (
          <Tag key={c.name}>{t(`controls.names.${c.name}`)}</Tag>
        ))}
      </Space>
    </Card>
  );
}
