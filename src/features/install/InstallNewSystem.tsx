import { AimOutlined, CheckCircleTwoTone, DeleteOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import type { installCalls } from '../../../contract/install-calls';
import { INSTALL_PHOTOS_MAX, INSTALL_PHOTOS_MIN } from '../../../contract/install-constants';
import { installationRecords } from '../../../resources/installationRecords';
import { useUser } from '../../auth/useUser';
import { AttachmentsInput } from '../../resources/attachments/AttachmentsInput';
import { attachmentValues, isPending } from '../../resources/attachments/values';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { getTimeZones, type TimeZone } from '../account/api';
import { CountrySelect } from '../reference/CountrySelect';
import { installApi, installQueries } from './api';
import { showInstallError } from './errors';
import './install.css';
import { CustomerSearch } from './CustomerSearch';

interface Label {
  sn?: string;
  check_code?: string;
}

interface Values {
  installerCompanyId?: number;
  sn?: string;
  check_code?: string;
  sys_name?: string;
  minv?: string;
  mbat?: string;
  site_kind: 'household' | 'commercial';
  inverter?: Label;
  batteries: Label[];
  meter?: Label;
  withMeter: boolean;
  ems?: Label & { mac?: string };
  popv?: number;
  poinv?: number;
  cobat?: number;
  surpluscobat?: number;
  address?: string;
  postcode?: string;
  city?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
  commissionedOn?: Dayjs;
  customerMode: 'existing' | 'invite';
  customerId?: number;
  inviteEmail?: string;
  inviteLanguage?: 'en' | 'zh' | 'de' | 'ja';
  photos?: unknown;
}

type Installed = AnswerOf<typeof installCalls.install>;

const PARTNER_ROLES = new Set(['installer', 'reseller']);
const INVITE_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'zh', label: '中文' },
  { value: 'ja', label: '日本語' },
] as const;

/** The order the components are sent in, so that a refusal naming `components.<i>.<field>` finds its input. */
function componentsOf(values: Values) {
  const label = (l: Label | undefined) => ({ sn: l?.sn?.trim() ?? '', check_code: l?.check_code?.trim() ?? '' });
  const list: Array<{ path: (string | number)[]; body: BodyIn<typeof installCalls.install>['components'][number] }> = [
    { path: ['inverter'], body: { kind: 'inverter', ...label(values.inverter) } },
    ...values.batteries.map((b, i) => ({ path: ['batteries', i], body: { kind: 'battery' as const, ...label(b) } })),
  ];
  if (values.withMeter) list.push({ path: ['meter'], body: { kind: 'meter', ...label(values.meter) } });
  list.push({ path: ['ems'], body: { kind: 'ems', ...label(values.ems), mac: values.ems?.mac?.trim() ?? '' } });
  return list;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * /energyStorageSysMaintenance/installNewSystem: an installer registers a system on site, from a phone. One long form
 * in sections (system, components, site, customer, photos) that reads top to bottom at 375 px; each label can be
 * checked against the S/N registry as it is typed or scanned, and the whole is checked again by the server, which
 * makes everything in one transaction. The success page shows the device key this once, to copy or print.
 */
export default function InstallNewSystem() {
  const { t } = useTranslation(['install', 'common']);
  const { message } = App.useApp();
  const menuTitle = useMenuTitle({ load: false });
  const user = useUser();
  const partner = (user?.roles ?? []).every((role) => PARTNER_ROLES.has(role));
  const [form] = Form.useForm<Values>();
  const { busy, guard } = useSubmitGuard();
  const [installed, setInstalled] = useState<Installed | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [timeZones, setTimeZones] = useState<TimeZone[]>([]);
  const [customers, setCustomers] = useState<Array<{ id: number; username: string; name: string; email: string }> | null>(null);
  const [customerWord, setCustomerWord] = useState('');
  const companies = useQuery(installQueries.companies());
  const customerMode = Form.useWatch('customerMode', form);
  const withMeter = Form.useWatch('withMeter', form);

  useEffect(() => {
    void getTimeZones().then((answer) => answer.code === 200 && setTimeZones(answer.data));
  }, []);
  useEffect(() => {
    if (companies.data?.length === 1) form.setFieldValue('installerCompanyId', companies.data[0]!.id);
  }, [companies.data, form]);
  const zoneOptions = useMemo(() => timeZones.map((z) => ({ value: z.id, label: z.name })), [timeZones]);

  const toast = (text: string) => void message.error(text);
  const fieldPathOf = (values: Values) => (field: string) => {
    const [head, index, rest] = field.split('.');
    if (head !== 'components') return field === 'customer' ? [values.customerMode === 'invite' ? 'inviteEmail' : 'customerId'] : [field];
    const entry = componentsOf(values)[Number(index)];
    return entry ? [...entry.path, rest ?? 'sn'] : undefined;
  };

  /** Checks one label now (the server checks them all again on install). */
  const check = async (kind: BodyIn<typeof installCalls.checkSn>['kind'], path: (string | number)[]) => {
    const label = form.getFieldValue(path.length === 0 ? [] : path) as Label | undefined;
    const body = path.length === 0 ? { sn: form.getFieldValue('sn'), check_code: form.getFieldValue('check_code') } : label;
    const key = path.join('.') || 'system';
    try {
      const answer = await installApi.checkSn({ kind, sn: body?.sn?.trim(), check_code: body?.check_code?.trim() });
      setChecked((c) => ({ ...c, [key]: answer.model || answer.product_type }));
      if (kind === 'system' && answer.model && !form.getFieldValue('minv')) form.setFieldValue('minv', answer.model);
    } catch (error) {
      setChecked((c) => ({ ...c, [key]: '' }));
      showInstallError(error, form, toast, (field) =>
        path.length === 0 ? [field] : [...path, field === 'sn' || field === 'check_code' ? field : 'sn'],
      );
    }
  };

  /** `path` is the label's place in the form's values; `itemPath` its name inside a Form.List (relative to the list). */
  const labelInputs = (kind: BodyIn<typeof installCalls.checkSn>['kind'], path: (string | number)[], itemPath = path) => {
    const key = path.join('.') || 'system';
    return (
      <Row gutter={8} align="bottom">
        <Col xs={24} sm={11}>
          <Form.Item name={itemPath.length ? [...itemPath, 'sn'] : 'sn'} label="S/N" rules={[{ required: true, whitespace: true }]}>
            <Input autoCapitalize="characters" autoComplete="off" maxLength={64} inputMode="text" />
          </Form.Item>
        </Col>
        <Col xs={16} sm={8}>
          <Form.Item
            name={itemPath.length ? [...itemPath, 'check_code'] : 'check_code'}
            label={t('form.checkCode')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input autoCapitalize="characters" autoComplete="off" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={8} sm={5}>
          <Form.Item label=" " colon={false}>
            <Button block onClick={() => void check(kind, path)}>
              {t('form.check')}
            </Button>
          </Form.Item>
        </Col>
        {checked[key] && (
          <Col span={24} className="install-checked">
            <CheckCircleTwoTone twoToneColor="#52c41a" /> {t('form.checked', { model: checked[key] })}
          </Col>
        )}
      </Row>
    );
  };

  const findCustomer = async () => {
    if (!customerWord.trim()) return;
    try {
      setCustomers(await installApi.findCustomer(customerWord.trim()));
    } catch (error) {
      showInstallError(error, form, toast);
    }
  };

  const locate = () =>
    navigator.geolocation?.getCurrentPosition((position) =>
      form.setFieldsValue({
        latitude: Math.round(position.coords.latitude * 1e5) / 1e5,
        longitude: Math.round(position.coords.longitude * 1e5) / 1e5,
      }),
    );

  const submit = (values: Values) =>
    guard(async () => {
      const photos = attachmentValues(values.photos)
        .filter((f) => !isPending(f))
        .map((f) => (f as { id: number }).id);
      const customer: BodyIn<typeof installCalls.install>['customer'] =
        values.customerMode === 'invite'
          ? { inviteEmail: values.inviteEmail!.trim(), language: values.inviteLanguage }
          : partner
            ? { email: customers!.find((c) => c.id === values.customerId)!.email }
            : { userId: values.customerId! };
      try {
        const answer = await installApi.install({
          sn: values.sn?.trim(),
          check_code: values.check_code?.trim(),
          installerCompanyId: values.installerCompanyId,
          sys_name: values.sys_name?.trim() || undefined,
          minv: values.minv!.trim(),
          mbat: values.mbat!.trim(),
          site_kind: values.site_kind,
          components: componentsOf(values).map((c) => c.body),
          popv: values.popv!,
          poinv: values.poinv!,
          cobat: values.cobat!,
          surpluscobat: values.surpluscobat!,
          address: values.address!.trim(),
          postcode: values.postcode?.trim() ?? '',
          city: values.city!.trim(),
          country: values.country as BodyIn<typeof installCalls.install>['country'],
          latitude: values.latitude!,
          longitude: values.longitude!,
          timeZone: values.timeZone!,
          commissionedOn: values.commissionedOn!.format('YYYY-MM-DD'),
          customer,
          photos,
        });
        setInstalled(answer);
        window.scrollTo({ top: 0 });
      } catch (error) {
        showInstallError(error, form, toast, fieldPathOf(values));
      }
    });

  if (installed) {
    return (
      <PageCard title={menuTitle('installNewSystem')}>
        <Result
          status="success"
          title={t('done.title', { sn: installed.sys_sn })}
          subTitle={
            installed.customer ? t('done.owner', { customer: installed.customer }) : t('done.invited', { email: installed.invited_email })
          }
          extra={[
            <Link key="open" to={`/EnergyStorageList/energyStorageList?sn=${encodeURIComponent(installed.sys_sn)}`}>
              <Button type="primary">{t('done.open')}</Button>
            </Link>,
            <Link key="record" to={`/energyStorageSysMaintenance/InstallationRecord?action=show&id=${installed.installation_record_id}`}>
              <Button>{t('done.record')}</Button>
            </Link>,
            <Button
              key="again"
              onClick={() => {
                setInstalled(null);
                setChecked({});
                form.resetFields();
              }}
            >
              {t('done.another')}
            </Button>,
          ]}
        >
          <Card className="install-key" title={t('done.keyTitle')}>
            <Typography.Paragraph
              className="install-key__value"
              copyable={{ text: installed.device_key, tooltips: [t('done.copy'), t('done.copied')] }}
            >
              <code data-testid="device-key">{installed.device_key}</code>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('done.keyHelp')}</Typography.Paragraph>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('done.print')}
            </Button>
          </Card>
        </Result>
      </PageCard>
    );
  }

  return (
    <PageCard title={menuTitle('installNewSystem')}>
      <Form<Values>
        form={form}
        layout="vertical"
        className="install-form"
        scrollToFirstError
        onFinish={(values) => void submit(values)}
        initialValues={{
          site_kind: 'household',
          batteries: [{}],
          withMeter: true,
          customerMode: 'invite',
          timeZone: browserTimeZone(),
          commissionedOn: dayjs(),
          inviteLanguage: 'en',
        }}
      >
        <Card size="small" title={t('steps.system')} className="install-section">
          {(companies.data?.length ?? 0) !== 1 && (
            <Form.Item name="installerCompanyId" label={t('form.company')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={companies.isLoading}
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.country ? `${c.name} (${c.country})` : c.name }))}
              />
            </Form.Item>
          )}
          {labelInputs('system', [])}
          <Row gutter={8}>
            <Col xs={24} sm={12}>
              <Form.Item name="minv" label={t('form.minv')} rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="mbat" label={t('form.mbat')} rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="sys_name" label={t('form.sysName')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="site_kind" label={t('form.siteKind')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'household', label: t('form.household') },
                    { value: 'commercial', label: t('form.commercial') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title={t('steps.components')} className="install-section">
          <Typography.Text strong>{t('form.inverter')}</Typography.Text>
          {labelInputs('inverter', ['inverter'])}
          <Form.List name="batteries">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <div key={field.key}>
                    <Space>
                      <Typography.Text strong>{t('form.battery', { n: i + 1 })}</Typography.Text>
                      {fields.length > 1 && (
                        <Button
                          size="small"
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('form.remove')}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </Space>
                    {labelInputs('battery', ['batteries', field.name], [field.name])}
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} className="install-add">
                  {t('form.addBattery')}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="withMeter" hidden>
            <Input />
          </Form.Item>
          {withMeter ? (
            <>
              <Space>
                <Typography.Text strong>{t('form.meter')}</Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('form.remove')}
                  onClick={() => form.setFieldValue('withMeter', false)}
                />
              </Space>
              {labelInputs('meter', ['meter'])}
            </>
          ) : (
            <Button icon={<PlusOutlined />} onClick={() => form.setFieldValue('withMeter', true)} className="install-add">
              {t('form.addMeter')}
            </Button>
          )}
          <Typography.Text strong>{t('form.ems')}</Typography.Text>
          {labelInputs('ems', ['ems'])}
          <Form.Item name={['ems', 'mac']} label={t('form.mac')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={64} placeholder="00:1A:2B:3C:4D:5E" autoCapitalize="characters" autoComplete="off" />
          </Form.Item>
          <Row gutter={8}>
            {(['popv', 'poinv', 'cobat', 'surpluscobat'] as const).map((name) => (
              <Col xs={12} sm={6} key={name}>
                <Form.Item name={name} label={t(`form.${name}`)} rules={[{ required: true }]}>
                  <InputNumber min={0.1} max={100000} step={0.1} inputMode="decimal" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>

        <Card size="small" title={t('steps.site')} className="install-section">
          <Form.Item name="address" label={t('form.address')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={200} autoComplete="street-address" />
          </Form.Item>
          <Row gutter={8}>
            <Col xs={10} sm={6}>
              <Form.Item name="postcode" label={t('form.postcode')}>
                <Input maxLength={20} autoComplete="postal-code" />
              </Form.Item>
            </Col>
            <Col xs={14} sm={9}>
              <Form.Item name="city" label={t('form.city')} rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={9}>
              <Form.Item name="country" label={t('form.country')} rules={[{ required: true }]}>
                <CountrySelect />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('form.positionHelp')}</Typography.Text>
          <Row gutter={8} align="bottom">
            <Col xs={10} sm={9}>
              <Form.Item name="latitude" label={t('form.latitude')} rules={[{ required: true }]}>
                <InputNumber min={-90} max={90} step={0.0001} inputMode="decimal" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={10} sm={9}>
              <Form.Item name="longitude" label={t('form.longitude')} rules={[{ required: true }]}>
                <InputNumber min={-180} max={180} step={0.0001} inputMode="decimal" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={4} sm={6}>
              <Form.Item label=" " colon={false}>
                <Button icon={<AimOutlined />} aria-label={t('form.position')} onClick={locate} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={8}>
            <Col xs={24} sm={14}>
              <Form.Item name="timeZone" label={t('form.timeZone')} rules={[{ required: true }]}>
                <Select showSearch optionFilterProp="label" options={zoneOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item name="commissionedOn" label={t('form.commissionedOn')} rules={[{ required: true }]}>
                <DatePicker style={{ width: '100%' }} inputReadOnly disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title={t('steps.customer')} className="install-section">
          <Form.Item name="customerMode" label={t('form.customerMode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'invite', label: t('form.invite') },
                { value: 'existing', label: t('form.existing') },
              ]}
            />
          </Form.Item>
          {customerMode === 'existing' ? (
            <>
              <CustomerSearch
                value={customerWord}
                onChange={setCustomerWord}
                onFind={() => void findCustomer()}
                partner={partner}
                found={customers ? customers.length : null}
                style={{ marginBottom: 12 }}
              />
              <Form.Item name="customerId" label={t('form.customer')} rules={[{ required: true }]}>
                <Select
                  options={(customers ?? []).map((c) => ({ value: c.id, label: `${c.name || c.username} · ${c.email}` }))}
                  disabled={!customers?.length}
                />
              </Form.Item>
            </>
          ) : (
            <Row gutter={8}>
              <Col xs={24} sm={16}>
                <Form.Item name="inviteEmail" label={t('form.inviteEmail')} rules={[{ required: true, type: 'email' }]}>
                  <Input type="email" maxLength={254} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="inviteLanguage" label={t('form.inviteLanguage')}>
                  <Select options={[...INVITE_LANGUAGES]} />
                </Form.Item>
              </Col>
            </Row>
          )}
        </Card>

        <Card size="small" title={t('steps.photos')} className="install-section">
          <Typography.Paragraph type="secondary">
            {t('form.photosHelp', { min: INSTALL_PHOTOS_MIN, max: INSTALL_PHOTOS_MAX })}
          </Typography.Paragraph>
          <Form.Item
            name="photos"
            rules={[
              {
                validator: async (_, value) => {
                  const files = attachmentValues(value);
                  if (files.some(isPending)) throw new Error(t('common:attachments.notUploaded'));
                  if (files.length < INSTALL_PHOTOS_MIN)
                    throw new Error(t('form.photosHelp', { min: INSTALL_PHOTOS_MIN, max: INSTALL_PHOTOS_MAX }));
                },
              },
            ]}
          >
            {/* The site photos are the installation record's: uploaded to its photos field, attached when it is made. */}
            <AttachmentsInput
              declaration={installationRecords}
              name="photos"
              rule={{ ...installationRecords.fields.photos.attachments!, max: INSTALL_PHOTOS_MAX }}
            />
          </Form.Item>
        </Card>

        <Button type="primary" htmlType="submit" block size="large" loading={busy} className="install-submit">
          {t('form.submit')}
        </Button>
      </Form>
    </PageCard>
  );
}
