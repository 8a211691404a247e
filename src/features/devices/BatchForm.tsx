import { EyeOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_RATE_LIMITS, commandSpec, MAX_BATCH_SYSTEMS, type CommandName } from '../../../contract/device-commands';
import type { BatchPreview, BatchRow, BatchTarget } from '../../../contract/devices';
import { EMS_STATUSES } from '../../../contract/monitoring-constants';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { CountrySelect } from '../reference/CountrySelect';
import { devicesApi, devicesQueries } from './api';
import { BATCH_COMMANDS, callErrorText, commandLabel, refusedField, toParams, type FormValue } from './catalogue';
import { ParamFields } from './ParamFields';

interface Values {
  command?: CommandName;
  params?: Record<string, FormValue>;
  kind: 'filter' | 'list';
  models?: string[];
  firmware?: string[];
  countries?: string[];
  installer_ids?: number[];
  statuses?: string[];
  sns?: string;
  rate_per_minute: number;
  start_at?: Dayjs | null;
  remark?: string;
}

/** S/Ns as pasted or read from a file: one per line, or separated by commas, semicolons or spaces; each once. */
export function splitSns(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function targetOf(values: Values): BatchTarget {
  if (values.kind === 'list') return { kind: 'list', sns: splitSns(values.sns ?? '') };
  const pick = <T,>(list: T[] | undefined) => (list?.length ? list : undefined);
  return {
    kind: 'filter',
    models: pick(values.models),
    firmware: pick(values.firmware),
    countries: pick(values.countries),
    installer_ids: pick(values.installer_ids),
    statuses: pick(values.statuses) as Extract<BatchTarget, { kind: 'filter' }>['statuses'],
  };
}

/**
 * A new batch: the command and its parameters (the same fields as a single command), whom it reaches (a filter of
 * the fleet or a list of S/Ns, pasted or read from a .txt/.csv file in the browser), the rate and an optional start.
 * It is sent only after a preview of the same choice (how many, how many offline, which models refuse, which S/Ns are
 * unknown); changing anything asks for a new preview.
 */
export function BatchForm({ onCreated }: { onCreated: (batch: BatchRow) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<BatchPreview>();
  const command = Form.useWatch('command', form);
  const kind = Form.useWatch('kind', form) ?? 'filter';
  const snText = Form.useWatch('sns', form) ?? '';
  const spec = command ? commandSpec(command) : undefined;
  const options = useQuery({ ...devicesQueries.fleetOptions(), staleTime: 5 * 60_000, enabled: can('infoDistribution', 'read') });
  const installers = useQuery({ ...devicesQueries.installers(), staleTime: 5 * 60_000, enabled: can('installer', 'read') });

  const bodyOf = (values: Values) => ({
    command: values.command,
    params: spec ? toParams(spec, values.params) : {},
    target: targetOf(values),
  });
  const onError = (error: unknown) => {
    const text = callErrorText(t, error);
    const field = refusedField(error);
    if (field && spec?.params.some((p) => p.name === field)) form.setFields([{ name: ['params', field], errors: [text] }]);
    void message.error(text);
  };
  const ask = useMutation({ mutationFn: (values: Values) => devicesApi.preview(bodyOf(values)), onSuccess: setPreview, onError });
  const create = useMutation({
    mutationFn: (values: Values) =>
      devicesApi.createBatch({
        ...bodyOf(values),
        rate_per_minute: values.rate_per_minute,
        ...(values.start_at ? { start_at: values.start_at.format() } : {}),
        remark: values.remark ?? '',
      }),
    onSuccess: (batch) => {
      void message.success(t('devices:batch.created', { id: batch.id }));
      onCreated(batch);
    },
    onError,
  });

  const readFile = async (file: File) => {
    const text = await file.text();
    const current = form.getFieldValue('sns') as string | undefined;
    form.setFieldValue('sns', [current?.trim(), splitSns(text).join('\n')].filter(Boolean).join('\n'));
    setPreview(undefined);
    return false;
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={{ kind: 'filter', rate_per_minute: BATCH_RATE_LIMITS.default }}
      onValuesChange={() => setPreview(undefined)}
      onFinish={(values) => (preview ? create.mutate(values) : ask.mutate(values))}
    >
      <Form.Item name="command" label={t('devices:send.command')} rules={[{ required: true, message: t('devices:send.pickCommand') }]}>
        <Select
          aria-label={t('devices:send.command')}
          placeholder={t('devices:send.pickCommand')}
          style={{ maxWidth: 360 }}
          options={BATCH_COMMANDS.map((c) => ({ value: c.name, label: commandLabel(t, c.name) }))}
        />
      </Form.Item>
      {spec && (
        <>
          <Typography.Paragraph type="secondary">{t(`devices:commandHelp.${spec.name}`)}</Typography.Paragraph>
          <ParamFields spec={spec} />
        </>
      )}
      <Form.Item name="kind" label={t('devices:batch.target')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'filter', label: t('devices:batch.byFilter') },
            { value: 'list', label: t('devices:batch.byList') },
          ]}
        />
      </Form.Item>
      {kind === 'filter' ? (
        <div className="device-params">
          <Form.Item name="models" label={t('devices:batch.models')}>
            <Select
              mode="tags"
              allowClear
              aria-label={t('devices:batch.models')}
              placeholder={t('devices:batch.any')}
              options={(options.data?.models ?? []).map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
          <Form.Item name="firmware" label={t('devices:batch.firmware')}>
            <Select
              mode="tags"
              allowClear
              aria-label={t('devices:batch.firmware')}
              placeholder={t('devices:batch.any')}
              options={(options.data?.firmwareVersions ?? []).map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
          <Form.Item name="countries" label={t('devices:batch.countries')}>
            <CountrySelect mode="multiple" aria-label={t('devices:batch.countries')} placeholder={t('devices:batch.any')} />
          </Form.Item>
          {can('installer', 'read') && (
            <Form.Item name="installer_ids" label={t('devices:batch.installers')}>
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                aria-label={t('devices:batch.installers')}
                placeholder={t('devices:batch.any')}
                loading={installers.isLoading}
                options={(installers.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="statuses" label={t('devices:batch.statuses')}>
            <Select
              mode="multiple"
              allowClear
              aria-label={t('devices:batch.statuses')}
              placeholder={t('devices:batch.any')}
              options={[...EMS_STATUSES, 'unknown'].map((s) => ({ value: s, label: t(`monitoring:status.${s}`) }))}
            />
          </Form.Item>
        </div>
      ) : (
        <Form.Item
          label={t('devices:batch.sns')}
          extra={t('devices:batch.snsHint', { count: splitSns(snText).length, max: fmt.number(MAX_BATCH_SYSTEMS, 0) })}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Form.Item
              name="sns"
              noStyle
              rules={[
                {
                  validator: (_, v: string) =>
                    splitSns(v ?? '').length ? Promise.resolve() : Promise.reject(new Error(t('devices:batch.snsRequired'))),
                },
              ]}
            >
              <Input.TextArea rows={5} aria-label={t('devices:batch.sns')} placeholder={t('devices:batch.snsPlaceholder')} />
            </Form.Item>
            <Upload accept=".txt,.csv,text/plain,text/csv" showUploadList={false} beforeUpload={readFile}>
              <Button icon={<UploadOutlined />}>{t('devices:batch.readFile')}</Button>
            </Upload>
          </Space>
        </Form.Item>
      )}
      <div className="device-params">
        <Form.Item
          name="rate_per_minute"
          label={t('devices:batch.rate')}
          rules={[
            {
              required: true,
              type: 'number',
              min: BATCH_RATE_LIMITS.min,
              max: BATCH_RATE_LIMITS.max,
              message: t('devices:form.range', { min: BATCH_RATE_LIMITS.min, max: fmt.number(BATCH_RATE_LIMITS.max, 0), unit: '' }),
            },
          ]}
        >
          <InputNumber
            precision={0}
            style={{ width: '100%', maxWidth: 240 }}
            suffix={t('devices:batch.perMinute')}
            aria-label={t('devices:batch.rate')}
          />
        </Form.Item>
        <Form.Item name="start_at" label={t('devices:batch.startAt')} extra={t('devices:batch.startHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={t('devices:batch.startAt')} />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('devices:batch.remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {preview && <PreviewResult preview={preview} />}
      <Space wrap>
        <Button
          icon={<EyeOutlined />}
          loading={ask.isPending}
          onClick={() =>
            form.validateFields().then(
              (v) => ask.mutate(v),
              () => {},
            )
          }
          data-testid="batch-preview"
        >
          {t('devices:batch.preview')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!preview || preview.total - preview.refused === 0}
          loading={create.isPending}
          htmlType="submit"
          data-testid="batch-send"
        >
          {preview
            ? t('devices:batch.sendTo', { count: preview.total - preview.refused, n: fmt.number(preview.total - preview.refused, 0) })
            : t('devices:batch.send')}
        </Button>
      </Space>
    </Form>
  );
}

function PreviewResult({ preview }: { preview: BatchPreview }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const n = (v: number) => fmt.number(v, 0);
  return (
    <div className="device-preview" data-testid="batch-preview-result">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'total', label: t('devices:batch.total'), children: n(preview.total) },
          { key: 'online', label: t('devices:online'), children: n(preview.online) },
          { key: 'offline', label: t('devices:offline'), children: n(preview.offline) },
          { key: 'refused', label: t('devices:batch.refused'), children: n(preview.refused) },
        ]}
      />
      {preview.refused_models.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message={t('devices:batch.refusedModels')}
          description={
            <Space wrap size={[4, 4]}>
              {preview.refused_models.map((m) => (
                <Tag key={m.model}>{`${m.model}: ${n(m.count)}`}</Tag>
              ))}
            </Space>
          }
        />
      )}
      {preview.unknown_count > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          message={t('devices:batch.unknown', { count: preview.unknown_count, n: n(preview.unknown_count) })}
          description={<span className="device-key">{preview.unknown_sns.join(', ')}</span>}
        />
      )}
      {preview.offline > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('devices:batch.offlineHint')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
