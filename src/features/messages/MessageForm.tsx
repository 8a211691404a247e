import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Dropdown,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../contract/countries';
import { LANGUAGES } from '../../../contract/languages';
import type { Audience } from '../../../contract/messages';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from '../../../contract/messages-constants';
import { ROLES } from '../../../permissions/roles';
import { messageQueries, messagesApi, type AudienceUser, type DistributedMessage } from './api';

interface Values {
  titles: Record<string, string>;
  contents: Record<string, string>;
  everyone: boolean;
  roles: string[];
  countries: string[];
  userIds: number[];
  models: string[];
  firmwareVersions: string[];
  publicNotice: boolean;
  noticeUntil?: Dayjs;
  byEmail: boolean;
  publish: 'draft' | 'now' | 'at';
  publishAt?: Dayjs;
}

const written = (values: Record<string, string> | undefined, code: string) => !!values?.[code]?.trim();

/**
 * The form of a message (infoDistributionSys): title and text in the four languages (one required; an empty one is
 * offered the texts of another by 'copy from'), the audience with a live count of whom it reaches, public notice
 * with its end, e-mail, and publish: keep as draft, now, or at a time. A published or recalled message is shown read-only.
 */
export function MessageForm({ message, onClose, onSaved }: { message?: DistributedMessage; onClose(): void; onSaved(): Promise<void> }) {
  const { t, i18n } = useTranslation();
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<Values>();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const readOnly = message?.status === 'published' || message?.status === 'recalled';
  const [tab, setTab] = useState<string>(language);
  const [userSearch, setUserSearch] = useState('');
  const [knownUsers, setKnownUsers] = useState<AudienceUser[]>([]);

  const initial: Values = useMemo(() => {
    const audience = (message?.audience ?? {}) as Audience;
    return {
      titles: { ...(message?.titles ?? {}) },
      contents: { ...(message?.contents ?? {}) },
      everyone: !!audience.everyone,
      roles: audience.roles ?? [],
      countries: audience.countries ?? [],
      userIds: audience.userIds ?? [],
      models: audience.models ?? [],
      firmwareVersions: audience.firmwareVersions ?? [],
      publicNotice: message?.public_notice ?? false,
      noticeUntil: message?.notice_until ? dayjs(message.notice_until) : undefined,
      byEmail: message?.by_email ?? false,
      publish: message?.status === 'scheduled' ? 'at' : 'draft',
      publishAt: message?.publish_at ? dayjs(message.publish_at) : undefined,
    };
  }, [message]);

  const titles = Form.useWatch('titles', form) as Record<string, string> | undefined;
  const contents = Form.useWatch('contents', form) as Record<string, string> | undefined;
  const everyone = Form.useWatch('everyone', form) as boolean | undefined;
  const publicNotice = Form.useWatch('publicNotice', form) as boolean | undefined;
  const publish = Form.useWatch('publish', form) as Values['publish'] | undefined;
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  const audience: Audience = useMemo(() => {
    const v = watched ?? initial;
    if (v.everyone) return { everyone: true };
    return {
      roles: v.roles as Audience['roles'],
      countries: v.countries as Audience['countries'],
      userIds: v.userIds,
      models: v.models,
      firmwareVersions: v.firmwareVersions,
    };
  }, [watched, initial]);

  const options = useQuery({ ...messageQueries.audienceOptions(), staleTime: 5 * 60_000 });
  const users = useQuery({
    queryKey: messageQueries.usersKey(userSearch),
    staleTime: 30_000,
    queryFn: async () => {
      const found = await messagesApi.searchUsers(userSearch);
      // The chosen users keep their names when a later search no longer finds them.
      setKnownUsers((known) => [...known, ...found.filter((u) => !known.some((k) => k.id === u.id))]);
      return found;
    },
  });
  const preview = useQuery({
    ...messageQueries.preview(audience),
    placeholderData: (previous) => previous,
  });

  const save = useMutation({
    mutationFn: (values: Values) =>
      messagesApi.save({
        id: message?.id,
        titles: values.titles ?? {},
        contents: values.contents ?? {},
        audience,
        publicNotice: values.publicNotice,
        noticeUntil: values.publicNotice && values.noticeUntil ? values.noticeUntil.toISOString() : undefined,
        byEmail: values.byEmail,
        publish: values.publish,
        publishAt: values.publish === 'at' && values.publishAt ? values.publishAt.toISOString() : undefined,
      }),
    onSuccess: async (saved) => {
      toast.success(t(`messages:distribution.saved.${saved.status}`, { count: saved.recipient_count }));
      await onSaved();
    },
  });

  const copyFrom = (target: string, source: string) => {
    form.setFieldsValue({
      titles: { ...form.getFieldValue('titles'), [target]: form.getFieldValue(['titles', source]) },
      contents: { ...form.getFieldValue('contents'), [target]: form.getFieldValue(['contents', source]) },
    });
  };

  const anyWritten = LANGUAGES.some(({ code }) => written(titles, code));

  const languageTabs = LANGUAGES.map(({ code, label }) => {
    const sources = LANGUAGES.filter((l) => l.code !== code && written(titles, l.code));
    return {
      key: code,
      label: (
        <span data-testid={`lang-tab-${code}`}>
          {label} {written(titles, code) && written(contents, code) ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : null}
        </span>
      ),
      forceRender: true,
      children: (
        <div className="info-form__lang">
          {!readOnly && sources.length ? (
            <Dropdown
              trigger={['click']}
              menu={{ items: sources.map((s) => ({ key: s.code, label: s.label })), onClick: ({ key }) => copyFrom(code, key) }}
            >
              <Button size="small" icon={<CopyOutlined />} style={{ alignSelf: 'flex-start' }} data-testid={`copy-into-${code}`}>
                {t('messages:form.copyFrom')}
              </Button>
            </Dropdown>
          ) : null}
          <Form.Item
            name={['titles', code]}
            label={t('messages:fields.title')}
            rules={[{ max: MESSAGE_TITLE_MAX, message: t('admin:validation.tooLong') }]}
          >
            <Input maxLength={MESSAGE_TITLE_MAX} disabled={readOnly} />
          </Form.Item>
          <Form.Item
            name={['contents', code]}
            label={t('messages:fields.content')}
            dependencies={[['titles', code]]}
            rules={[
              { max: MESSAGE_CONTENT_MAX, message: t('admin:validation.tooLong') },
              {
                validator: (_, value: string | undefined) =>
                  written(form.getFieldValue('titles'), code) && !value?.trim()
                    ? Promise.reject(new Error(t('messages:form.contentNeeded')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input.TextArea rows={5} maxLength={MESSAGE_CONTENT_MAX} showCount disabled={readOnly} />
          </Form.Item>
        </div>
      ),
    };
  });

  const userOptions = knownUsers.map((u) => ({
    value: u.id,
    label: u.name && u.name !== u.username ? `${u.name} (${u.username})` : u.username,
  }));

  return (
    <Drawer
      open
      width={720}
      title={message ? (readOnly ? message.title : t('messages:distribution.edit')) : t('messages:distribution.new')}
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      extra={
        readOnly ? null : (
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="distribution-save">
            {publish === 'now'
              ? t('messages:form.publishNow')
              : publish === 'at'
                ? t('messages:form.schedule')
                : t('messages:form.saveDraft')}
          </Button>
        )
      }
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} disabled={readOnly}>
        <Typography.Title level={5}>{t('messages:form.texts')}</Typography.Title>
        {!anyWritten ? <Alert type="info" showIcon message={t('messages:form.oneLanguage')} style={{ marginBottom: 8 }} /> : null}
        <Tabs activeKey={tab} onChange={setTab} items={languageTabs} />

        <Typography.Title level={5}>{t('messages:fields.audience')}</Typography.Title>
        <Form.Item name="everyone" valuePropName="checked">
          <Checkbox>{t('messages:audience.everyone')}</Checkbox>
        </Form.Item>
        {!everyone ? (
          <>
            <Typography.Paragraph type="secondary">{t('messages:audience.help')}</Typography.Paragraph>
            <Form.Item name="roles" label={t('messages:audience.roles')}>
              <Select mode="multiple" allowClear options={ROLES.map((r) => ({ value: r, label: t(`common:role.${r}`) }))} />
            </Form.Item>
            <Form.Item name="countries" label={t('messages:audience.countries')}>
              <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={countryOptions(language)} />
            </Form.Item>
            <Form.Item name="models" label={t('messages:audience.models')} extra={t('messages:audience.systemsHelp')}>
              <Select mode="multiple" allowClear options={(options.data?.models ?? []).map((m) => ({ value: m, label: m }))} />
            </Form.Item>
            <Form.Item name="firmwareVersions" label={t('messages:audience.firmware')}>
              <Select mode="multiple" allowClear options={(options.data?.firmwareVersions ?? []).map((m) => ({ value: m, label: m }))} />
            </Form.Item>
            <Form.Item name="userIds" label={t('messages:audience.users')} extra={t('messages:audience.usersHelp')}>
              <Select
                mode="multiple"
                allowClear
                showSearch
                filterOption={false}
                onSearch={setUserSearch}
                options={userOptions}
                loading={users.isFetching}
              />
            </Form.Item>
          </>
        ) : null}
        <Alert
          type={preview.data?.count ? 'success' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="audience-preview"
          message={t('messages:audience.reaches', { count: preview.data?.count ?? 0 })}
          description={
            preview.data?.sample.length
              ? preview.data.sample.map((u) => u.name || u.username).join(', ') +
                (preview.data.count > preview.data.sample.length ? ' …' : '')
              : undefined
          }
        />

        <Typography.Title level={5}>{t('messages:form.delivery')}</Typography.Title>
        <Space wrap size="large" align="start">
          <Form.Item
            name="publicNotice"
            valuePropName="checked"
            label={t('messages:distribution.publicNotice')}
            extra={t('messages:form.publicNoticeHelp')}
          >
            <Switch />
          </Form.Item>
          {publicNotice ? (
            <Form.Item
              name="noticeUntil"
              label={t('messages:form.noticeUntil')}
              rules={[{ required: true, message: t('admin:validation.required') }]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="byEmail"
            valuePropName="checked"
            label={t('messages:distribution.byEmail')}
            extra={t('messages:form.byEmailHelp')}
          >
            <Switch />
          </Form.Item>
        </Space>
        {!readOnly ? (
          <>
            <Form.Item name="publish" label={t('messages:form.when')}>
              <Radio.Group
                options={[
                  { value: 'draft', label: t('messages:form.keepDraft') },
                  { value: 'now', label: t('messages:form.now') },
                  { value: 'at', label: t('messages:form.at') },
                ]}
              />
            </Form.Item>
            {publish === 'at' ? (
              <Form.Item
                name="publishAt"
                label={t('messages:form.publishAt')}
                rules={[{ required: true, message: t('admin:validation.required') }]}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
              </Form.Item>
            ) : null}
          </>
        ) : (
          <Alert
            type="info"
            message={t('messages:distribution.readOf', { read: message?.read_count ?? 0, total: message?.recipient_count ?? 0 })}
          />
        )}
      </Form>
    </Drawer>
  );
}
