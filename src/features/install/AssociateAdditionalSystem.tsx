import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyIn } from '../../../contract/endpoint';
import type { associateCalls } from '../../../contract/install-calls';
import { useUser } from '../../auth/useUser';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { installApi, installQueries } from './api';
import { showInstallError } from './errors';
import './install.css';
import { CustomerSearch } from './CustomerSearch';

interface Values {
  customerId?: number;
  mode: 'label' | 'pick';
  sn?: string;
  check_code?: string;
}

const PARTNER_ROLES = new Set(['installer', 'reseller']);

/**
 * /energyStorageSysMaintenance/associateAdditionalSystem: gives a customer who owns a system another one. Partners
 * find the account by its exact e-mail and prove they hold the label (S/N and check code); staff may search accounts
 * and pick a system nobody owns. The server keeps the rules (19, 82, 45 outside the caller's scope).
 */
export default function AssociateAdditionalSystem() {
  const { t } = useTranslation('install');
  const { message } = App.useApp();
  const menuTitle = useMenuTitle({ load: false });
  const user = useUser();
  const partner = (user?.roles ?? []).every((role) => PARTNER_ROLES.has(role));
  const [form] = Form.useForm<Values>();
  const { busy, guard } = useSubmitGuard();
  const [word, setWord] = useState('');
  const [customers, setCustomers] = useState<Array<{ id: number; username: string; name: string; email: string; systems: number }> | null>(
    null,
  );
  const [unownedWord, setUnownedWord] = useState('');
  const mode = Form.useWatch('mode', form) ?? 'label';
  const unowned = useQuery({ ...installQueries.unowned(unownedWord), enabled: !partner && mode === 'pick' });
  const toast = (text: string) => void message.error(text);

  const find = async () => {
    if (!word.trim()) return;
    try {
      setCustomers(await installApi.findAssociateCustomer(word.trim()));
    } catch (error) {
      showInstallError(error, form, toast);
    }
  };

  const submit = (values: Values) =>
    guard(async () => {
      const chosen = customers?.find((c) => c.id === values.customerId);
      if (!chosen) return;
      const body: BodyIn<typeof associateCalls.associate> = {
        customer: partner ? { email: chosen.email } : { userId: chosen.id },
        sn: values.sn?.trim(),
        ...(values.mode === 'label' ? { check_code: values.check_code?.trim() } : {}),
      };
      try {
        const answer = await installApi.associate(body);
        void message.success(t('associate.done', { sn: answer.sys_sn, customer: answer.customer, count: answer.systems }));
        form.resetFields(['sn', 'check_code']);
        setCustomers((list) => list?.map((c) => (c.id === chosen.id ? { ...c, systems: answer.systems } : c)) ?? null);
        void unowned.refetch();
      } catch (error) {
        showInstallError(error, form, toast, (field) => (field === 'customer' ? ['customerId'] : [field]));
      }
    });

  return (
    <PageCard title={menuTitle('associateAdditionalSystem')}>
      <Alert type="info" showIcon message={t('associate.intro')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        className="install-form"
        initialValues={{ mode: 'label' }}
        onFinish={(v) => void submit(v)}
      >
        <Typography.Text strong>{t('associate.customer')}</Typography.Text>
        <CustomerSearch
          value={word}
          onChange={setWord}
          onFind={() => void find()}
          partner={partner}
          found={customers ? customers.length : null}
          style={{ margin: '8px 0 12px' }}
        />
        <Form.Item name="customerId" rules={[{ required: true }]}>
          <Select
            disabled={!customers?.length}
            options={(customers ?? []).map((c) => ({ value: c.id, label: `${c.name || c.username} · ${c.email} · ${c.systems}` }))}
          />
        </Form.Item>
        <Typography.Text strong>{t('associate.system')}</Typography.Text>
        {!partner && (
          <Form.Item name="mode" style={{ marginTop: 8 }}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'label', label: t('associate.byLabel') },
                { value: 'pick', label: t('associate.pick') },
              ]}
            />
          </Form.Item>
        )}
        {mode === 'pick' && !partner ? (
          <Form.Item name="sn" rules={[{ required: true }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setUnownedWord}
              loading={unowned.isFetching}
              placeholder={t('associate.unownedSearch')}
              options={(unowned.data ?? []).map((s) => ({
                value: s.sys_sn,
                label: `${s.sys_sn} · ${s.minv} · ${s.city} ${s.country_code}`,
              }))}
            />
          </Form.Item>
        ) : (
          <Space.Compact block style={{ marginTop: 8 }}>
            <Form.Item name="sn" label="S/N" rules={[{ required: true, whitespace: true }]} style={{ flex: 3 }}>
              <Input maxLength={64} autoCapitalize="characters" autoComplete="off" />
            </Form.Item>
            <Form.Item name="check_code" label={t('form.checkCode')} rules={[{ required: partner, whitespace: true }]} style={{ flex: 2 }}>
              <Input maxLength={32} autoCapitalize="characters" autoComplete="off" />
            </Form.Item>
          </Space.Compact>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('associate.submit')}
        </Button>
      </Form>
    </PageCard>
  );
}
