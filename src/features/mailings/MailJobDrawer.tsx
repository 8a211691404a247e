import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../contract/countries';
import type { BodyIn } from '../../../contract/endpoint';
import type { MailJob } from '../../../contract/mailings';
import { mailTimingCalls } from '../../../contract/mailings-calls';
import { MAIL_JOB_KINDS, MAIL_JOB_ROLES } from '../../../contract/mailings-constants';
import { useScreens } from '../../ui/useScreens';
import { mailingQueries, mailingsApi, refreshMailings } from './api';
import { timeZoneOptions } from './schedule';

/** The form holds the save call's body but the id, which the job being edited gives. */
type Values = Omit<BodyIn<typeof mailTimingCalls.save>, 'id'>;
type MailJobRole = (typeof MAIL_JOB_ROLES)[number];
const isMailJobRole = (role: string): role is MailJobRole => (MAIL_JOB_ROLES as readonly string[]).includes(role);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Creates or edits a mail job: kind, schedule (day or weekday, hour, zone), recipients by rule (roles, countries, named users). */
export function MailJobDrawer({ job, open, onClose }: { job?: MailJob; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const wide = useScreens().md;
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [keyword, setKeyword] = useState('');
  const people = useQuery({ ...mailingQueries.recipients(keyword), enabled: open });
  const save = useMutation({
    mutationFn: (values: Values) => mailingsApi.save({ ...values, ...(job ? { id: job.id } : {}) }),
    onSuccess: () => {
      void message.success(t('mailings:mailTiming.saved'));
      void refreshMailings(queryClient);
      onClose();
    },
  });
  const initial: Values = job
    ? { ...job, recipient_roles: job.recipient_roles.filter(isMailJobRole) }
    : {
        name: '',
        kind: 'monthly_energy_report',
        enabled: true,
        day_of_month: 1,
        weekday: 1,
        hour: 8,
        time_zone: browserZone(),
        recipient_roles: ['customer'],
        recipient_countries: [],
        recipient_user_ids: [],
        include_installers: false,
      };
  // Named users already chosen stay labelled though the search shows others.
  const known = new Map((people.data ?? []).map((u) => [u.id, u]));
  const userOptions = [...known.values()].map((u) => ({
    value: u.id,
    label: u.display_name ? `${u.display_name} (${u.username})` : u.username,
  }));
  for (const id of job?.recipient_user_ids ?? []) if (!known.has(id)) userOptions.push({ value: id, label: `#${id}` });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      width={wide ? 560 : '100%'}
      title={job ? t('mailings:mailTiming.edit') : t('mailings:mailTiming.add')}
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>{t('mailings:mailTiming.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('mailings:mailTiming.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} preserve={false}>
        <Form.Item name="name" label={t('mailings:mailTiming.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="kind" label={t('mailings:mailTiming.kind')} rules={[{ required: true }]}>
          <Select options={MAIL_JOB_KINDS.map((k) => ({ value: k, label: t(`mailings:kind.${k}`) }))} />
        </Form.Item>
        <Space wrap align="start" className="mailings-schedule">
          {kind === 'weekly_fleet_digest' ? (
            <Form.Item
              name="weekday"
              label={t('mailings:mailTiming.weekday')}
              rules={[{ required: true, message: t('mailings:validation.weekday') }]}
            >
              <Select
                className="mailings-weekday"
                options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`mailings:weekday.${d}`) }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="day_of_month"
              label={t('mailings:mailTiming.dayOfMonth')}
              rules={[{ required: true, message: t('mailings:validation.dayOfMonth') }]}
            >
              <InputNumber min={1} max={28} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="hour" label={t('mailings:mailTiming.hour')} rules={[{ required: true }]}>
            <Select
              className="mailings-hour"
              options={Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="time_zone"
          label={t('mailings:mailTiming.timeZone')}
          rules={[{ required: true, message: t('mailings:validation.timeZone') }]}
        >
          <Select showSearch options={timeZoneOptions()} />
        </Form.Item>
        <Form.Item name="recipient_roles" label={t('mailings:mailTiming.roles')}>
          <Select mode="multiple" options={MAIL_JOB_ROLES.map((r) => ({ value: r, label: t(`mailings:mailTiming.role.${r}`) }))} />
        </Form.Item>
        <Form.Item name="recipient_countries" label={t('mailings:mailTiming.countries')} extra={t('mailings:mailTiming.countriesHelp')}>
          <Select mode="multiple" showSearch optionFilterProp="label" options={countryOptions(i18n.language)} />
        </Form.Item>
        <Form.Item
          name="recipient_user_ids"
          label={t('mailings:mailTiming.users')}
          dependencies={['recipient_roles']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: number[] | undefined) =>
                (value?.length ?? 0) > 0 || (getFieldValue('recipient_roles') as string[] | undefined)?.length
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('mailings:validation.recipients'))),
            }),
          ]}
        >
          <Select mode="multiple" showSearch filterOption={false} onSearch={setKeyword} loading={people.isFetching} options={userOptions} />
        </Form.Item>
        {kind !== 'weekly_fleet_digest' && (
          <Form.Item name="include_installers" valuePropName="checked">
            <Checkbox>{t('mailings:mailTiming.includeInstallers')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('mailings:mailTiming.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
