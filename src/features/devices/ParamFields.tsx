import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, InputNumber, Select, Space, Switch, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandSpec, ParamSpec } from '../../../contract/device-commands';
import { useFormat } from '../../i18n/format';
import { decimalsOf, optionLabel, paramLabel, unitLabel } from './catalogue';

/** The most charge windows a schedule holds (contract/devices.ts). */
const MAX_WINDOWS = 6;

/**
 * The fields of a command's parameters, drawn from the catalogue (contract/device-commands.ts): a number with its
 * bounds, step and unit, a choice, a switch, a moment, the daily charge windows. One component for a single command,
 * a batch and the safety settings, so the three ask the same. Its values live under `params` of the enclosing form.
 */
export function ParamFields({ spec, disabled }: { spec: CommandSpec; disabled?: boolean }) {
  const { t } = useTranslation();
  if (spec.params.length === 0) return <Typography.Paragraph type="secondary">{t('devices:noParams')}</Typography.Paragraph>;
  return (
    <div className="device-params">
      {spec.params.map((p) => (
        <ParamField key={`${spec.name}.${p.name}`} param={p} disabled={disabled} />
      ))}
    </div>
  );
}

function ParamField({ param, disabled }: { param: ParamSpec; disabled?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const label = paramLabel(t, param.name);
  const name = ['params', param.name];
  const required = { required: !param.optional, message: t('devices:form.required', { name: label }) };
  switch (param.kind) {
    case 'integer':
    case 'number': {
      const digits = decimalsOf(param);
      const unit = unitLabel(t, param.unit);
      const bound = (n: number) => fmt.number(n, { digits, trim: true });
      const range = t('devices:form.range', { min: bound(param.min), max: bound(param.max), unit });
      return (
        <Form.Item
          name={name}
          label={label}
          extra={range}
          rules={[
            required,
            {
              // Bounds are checked here rather than clamped by the input: a value out of range is refused, never changed.
              validator: (_, value: unknown) => {
                if (value === null || value === undefined || value === '') return Promise.resolve();
                const n = Number(value);
                if (!Number.isFinite(n) || n < param.min || n > param.max) return Promise.reject(new Error(range));
                if (param.kind === 'integer' && !Number.isInteger(n)) return Promise.reject(new Error(t('devices:form.whole')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber
            style={{ width: '100%', maxWidth: 240 }}
            step={param.step ?? 1}
            precision={param.kind === 'integer' ? 0 : undefined}
            suffix={unit || undefined}
            disabled={disabled}
            aria-label={label}
            decimalSeparator={fmt.number(1.5, 1).includes(',') ? ',' : undefined}
          />
        </Form.Item>
      );
    }
    case 'choice':
      return (
        <Form.Item name={name} label={label} rules={[required]}>
          <Select
            style={{ maxWidth: 320 }}
            disabled={disabled}
            aria-label={label}
            options={param.options.map((o) => ({ value: o, label: optionLabel(t, param.name, o) }))}
          />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item name={name} label={label} valuePropName="checked">
          <Switch disabled={disabled} aria-label={label} checkedChildren={t('devices:on')} unCheckedChildren={t('devices:off')} />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item name={name} label={label} rules={[required]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabled={disabled} aria-label={label} />
        </Form.Item>
      );
    case 'windows':
      return (
        <Form.Item label={label} extra={t('devices:form.windowsHint', { count: MAX_WINDOWS })}>
          <Form.List name={name}>
            {(fields, { add, remove }) => (
              <Space direction="vertical" size={8}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap={false}>
                    <Form.Item
                      name={[field.name, 'range']}
                      noStyle
                      rules={[{ required: true, message: t('devices:form.required', { name: label }) }]}
                    >
                      <TimePicker.RangePicker format="HH:mm" minuteStep={15} disabled={disabled} order={false} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('devices:form.removeWindow')}
                      disabled={disabled}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} disabled={disabled || fields.length >= MAX_WINDOWS} onClick={() => add({})}>
                  {t('devices:form.addWindow')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
      );
  }
}
