import { useCreate, useUpdate } from '@refinedev/core';
import { App, Button, Form, Space, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldInForm, formFields, isShown } from '../../resources/types';
import type { EnvelopeError } from '../providers/data';
import { FieldInput } from './FieldInput';
import { renderValue } from './FieldValue';
import { fieldLabel } from './labels';
import { fieldOfError, isRequired, rulesFor } from './rules';
import { idOf, metaOf, type ResourceFormProps, type Row } from './screenTypes';
import { useSubmitGuard } from './useSubmitGuard';

/** The generated create / edit form: antd rules from the zod schema, server codes on their field, no double submit. */
export function ResourceForm({ declaration, mode, record, onDone, lockedFields = {} }: ResourceFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { busy: saving, guard } = useSubmitGuard();
  const lastFailed = useRef<string | undefined>(undefined);
  /** The server's answer to the last refused submission, kept on its field when the same values come again. */
  const lastError = useRef<{ field: string; message: string } | undefined>(undefined);
  const names = formFields(declaration, mode);
  const readonly = Object.entries(declaration.fields).filter(
    ([, f]) => f.form === 'readonly' || (mode === 'edit' && f.form === 'create' && !f.secret),
  );
  const meta = metaOf(declaration);

  const initialValues = useMemo(() => {
    if (record) return record;
    const values: Row = {};
    for (const name of names)
      if (declaration.fields[name]!.defaultValue !== undefined) values[name] = declaration.fields[name]!.defaultValue;
    return values;
  }, [record, declaration, names]);
  // The values as edited so far: fields shown only for some values (shownWhen) and options matching them follow.
  const current = (Form.useWatch([], form) as Row | undefined) ?? initialValues;

  const submit = async (values: Row) => {
    const signature = JSON.stringify(values);
    // Spec §5: values the server just refused are not sent again unchanged (a save under way: the guard).
    if (lastFailed.current === signature) {
      message.warning(t('admin:form.doNotRepeat'));
      if (lastError.current) form.setFields([{ name: lastError.current.field, errors: [lastError.current.message] }]);
      return;
    }
    await guard(async () => {
      try {
        if (mode === 'create') {
          await create({ resource: declaration.name, values, meta, successNotification: false, errorNotification: false });
        } else {
          await update({
            resource: declaration.name,
            id: idOf(declaration, record!),
            values: withClearedAsNull(values, names, record!),
            meta,
            mutationMode: 'pessimistic',
            successNotification: false,
            errorNotification: false,
          });
        }
        lastFailed.current = undefined;
        message.success(t('admin:form.saved'));
        onDone();
      } catch (error) {
        lastFailed.current = signature;
        const refused = error as EnvelopeError;
        // A code the server raised about one field (its hooks name it in data.field) shows on that field.
        const field = fieldOfError(declaration, { statusCode: Number(refused.statusCode), info: refused.info, field: refused.field });
        if (field && names.includes(field)) {
          lastError.current = { field, message: refused.message };
          form.setFields([{ name: field, errors: [refused.message] }]);
        } else {
          lastError.current = undefined;
          message.error(refused.message);
        }
      }
    });
  };

  return (
    <Form
      form={form}
      name={`${declaration.name}-${mode}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(_, values: Row) => {
        lastFailed.current = undefined;
        lastError.current = undefined;
        // A field whose input follows another field's value (widgetWhen) starts empty in its new input: a country
        // code is no address, a role no country.
        for (const name of names) {
          const field = declaration.fields[name]!;
          if (field.widgetWhen && fieldInForm(field, values).widget !== fieldInForm(field, current).widget)
            form.setFieldValue(name, undefined);
          // A state or city follows its country (and state): another one empties it ('' as an optional text is sent).
          const place = field.place;
          if (place && [place.country, place.state].some((other) => other && (values[other] ?? '') !== (current[other] ?? '')))
            form.setFieldValue(name, '');
        }
      }}
      requiredMark
    >
      {readonly.map(([name, field]) => (
        <Form.Item key={name} label={fieldLabel(declaration, name, t)}>
          <Typography.Text strong>{renderValue(declaration, name, field, record?.[name], t)}</Typography.Text>
        </Form.Item>
      ))}
      {names.map((name) => {
        const field = declaration.fields[name]!;
        if (!isShown(field, current)) return null;
        return (
          <Form.Item
            key={name}
            name={name}
            label={fieldLabel(declaration, name, t)}
            rules={rulesFor(field, t)}
            required={isRequired(field)}
            // An optional help line under the input: why it is locked, else <namespace>:<name>.help.<field> when the texts have one.
            extra={
              lockedFields[name] ?? (t(`${declaration.namespace}:${declaration.name}.help.${name}`, { defaultValue: '' }) || undefined)
            }
            valuePropName="value"
            validateTrigger="onBlur"
          >
            <FieldInput
              declaration={declaration}
              name={name}
              field={fieldInForm(field, current)}
              disabled={name in lockedFields}
              formValues={current}
            />
          </Form.Item>
        );
      })}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="resource-save">
          {t('admin:form.save')}
        </Button>
        <Button onClick={onDone} data-testid="resource-cancel">
          {t('common:actions.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * An edit changes only the fields it sends, and a field left out keeps its stored value (server/core/crud/factory.ts):
 * a field the user cleared (antd gives undefined, which JSON leaves out) is sent as null, which clears it.
 */
function withClearedAsNull(values: Row, names: readonly string[], record: Row): Row {
  const sent: Row = { ...values };
  for (const name of names) if (sent[name] === undefined && record[name] !== undefined && record[name] !== null) sent[name] = null;
  return sent;
}
