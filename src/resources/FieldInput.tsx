import { DatePicker, Input, InputNumber, Rate, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { idFieldOf, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { AttachmentsInput } from './attachments';
import { PlaceInput } from './PlaceInput';
import { useOptions } from './useOptions';

interface Props {
  declaration: ResourceDeclaration;
  name: string;
  field: FieldDeclaration;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** In a filter bar: selects are clearable, booleans are a yes/no select. */
  filter?: boolean;
  placeholder?: string;
  id?: string;
  /** The form's values, for a relation whose options match one of them (relation.matching). */
  formValues?: Record<string, unknown>;
}

/**
 * Enter in a date field confirms the typed day (the picker still handles the key); without this the browser
 * also takes it as 'submit the form' and saves a half-filled form.
 */
function keepFormOnEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/** The input of one declared field, by its widget. */
export function FieldInput({ declaration, name, field, value, onChange, disabled, filter, placeholder, id, formValues }: Props) {
  const { options, loading } = useOptions(declaration, name, field, formValues);
  const common = { id, disabled, placeholder };
  const widget = field.widget ?? (field.relation || field.options ? 'select' : 'text');

  if (field.attachments && !filter) {
    const recordId = formValues?.[idFieldOf(declaration)];
    return (
      <AttachmentsInput
        declaration={declaration}
        name={name}
        rule={field.attachments}
        value={value}
        onChange={onChange}
        recordId={recordId}
        disabled={disabled}
        id={id}
      />
    );
  }
  if ((widget === 'state' || widget === 'city') && !filter)
    return (
      <PlaceInput field={{ ...field, widget }} value={value} onChange={onChange} disabled={disabled} id={id} formValues={formValues} />
    );
  if (widget === 'switch' && !filter)
    return <Switch id={id} checked={value === true} onChange={(v) => onChange?.(v)} disabled={disabled} />;
  if (widget === 'select' || widget === 'multiselect' || widget === 'switch' || widget === 'country' || (filter && field.options)) {
    return (
      <Select
        {...common}
        value={value as never}
        onChange={(v) => onChange?.(v)}
        options={options as never}
        loading={loading}
        allowClear={filter || field.schema.safeParse(undefined).success}
        mode={widget === 'multiselect' ? 'multiple' : undefined}
        showSearch={!!field.relation || options.length > 8}
        optionFilterProp="label"
        style={{ minWidth: filter ? 160 : undefined, width: '100%' }}
      />
    );
  }
  if (widget === 'date' || widget === 'datetime') {
    return (
      <DatePicker
        {...common}
        value={value ? dayjs(String(value)) : null}
        onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
        onKeyDown={keepFormOnEnter}
        style={{ width: '100%' }}
      />
    );
  }
  if (widget === 'rating' && !filter)
    return <Rate id={id} value={typeof value === 'number' ? value : 0} onChange={(v) => onChange?.(v || undefined)} disabled={disabled} />;
  if (widget === 'number')
    return <InputNumber {...common} value={value as number} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />;
  if (widget === 'textarea' && !filter)
    return <Input.TextArea {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} rows={3} />;
  if (widget === 'password')
    return <Input.Password {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} autoComplete="new-password" />;
  return (
    <Input
      {...common}
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
      allowClear={filter}
      type={widget === 'email' ? 'email' : 'text'}
    />
  );
}

export function DateRangeInput({
  value,
  onChange,
  id,
}: {
  value?: [string, string];
  onChange?: (v: [string, string] | undefined) => void;
  id?: string;
}) {
  return (
    <DatePicker.RangePicker
      id={id}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : undefined)}
    />
  );
}
