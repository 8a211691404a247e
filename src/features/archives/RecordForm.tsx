import { useCreate, useUpdate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customerRecords, type RecordKind } from '../../../resources/customerRecords';
import { useUser } from '../../auth/useUser';
import type { EnvelopeError } from '../../providers/data';
import { FieldInput } from '../../resources/FieldInput';
import { fieldLabel } from '../../resources/labels';
import { fieldOfError, isRequired, rulesFor } from '../../resources/rules';
import { metaOf, type Row } from '../../resources/screenTypes';
import { resourceApi, resourceKeys } from '../../resources/api';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { archiveKeys, archivesApi } from './api';

/** The customer a record is made on: its archive and the system that scopes it. */
export interface RecordArchive {
  id: number;
  sys_sn: string;
}

interface Props {
  /** The customer's archive when the form is opened on it; without one the form asks for the customer. */
  archive?: RecordArchive;
  kind?: RecordKind;
  /** The record being edited. */
  record?: Row;
  onDone: () => void;
}

const declaration = customerRecords;
const TYPED = ['kind', 'record_date', 'person', 'contents'] as const;

/**
 * A visit, call, mail, processing record or remark on a customer's archive (resources/customerRecords.ts): date,
 * person (the user by default), contents, the complaint it was about (one of the customer's) and one file. Written
 * by hand rather than generated because the record carries its archive's system S/N (the row scope the server checks
 * before it reads the archive), which the person never types.
 */
export function RecordForm({ archive: fixed, kind, record, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useUser();
  const [form] = Form.useForm();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { busy, guard } = useSubmitGuard();
  const mode = record ? 'edit' : 'create';

  // The customers to choose from (only when the form is not opened on one): the archive list's rows carry the S/N.
  const archives = useQuery({
    queryKey: resourceKeys.relationRows(declaration.fields.archive_id.relation!.listPath),
    enabled: !fixed && !record,
    staleTime: 30_000,
    queryFn: async () => {
      const envelope = await resourceApi.relationRows(declaration.fields.archive_id.relation!.listPath);
      return envelope.code === 200 ? envelope.data.data : [];
    },
  });
  const chosenId = Form.useWatch('archive_id', form) as number | undefined;
  const archive: RecordArchive | undefined = useMemo(() => {
    if (fixed) return fixed;
    if (record) return { id: Number(record.archive_id), sys_sn: String(record.sys_sn) };
    const row = archives.data?.find((a) => a.id === chosenId);
    return row ? { id: Number(row.id), sys_sn: String(row.sys_sn) } : undefined;
  }, [fixed, record, archives.data, chosenId]);

  const complaints = useQuery({
    queryKey: archiveKeys.complaints(archive?.id ?? 0),
    enabled: !!archive,
    queryFn: () => archivesApi.complaints(archive!.id),
  });

  const initialValues = useMemo(
    () =>
      // A linked staff member is edited by name (the save links the name to the user again).
      record
        ? { ...record, person: record.person_name ?? record.person }
        : { kind, record_date: dayjs().format('YYYY-MM-DD'), person: user?.name ?? user?.username ?? '' },
    [record, kind, user],
  );

  const submit = (values: Row) =>
    guard(async () => {
      const body: Row = { ...values, sys_sn: archive?.sys_sn, complaint_id: values.complaint_id ?? null };
      if (mode === 'create') body.archive_id = archive?.id;
      try {
        if (mode === 'create') {
          await create({
            resource: declaration.name,
            values: body,
            meta: metaOf(declaration),
            successNotification: false,
            errorNotification: false,
          });
        } else {
          await update({
            resource: declaration.name,
            id: Number(record!.id),
            values: body,
            meta: metaOf(declaration),
            mutationMode: 'pessimistic',
            successNotification: false,
            errorNotification: false,
          });
        }
        message.success(t('admin:form.saved'));
        onDone();
      } catch (error) {
        const refused = error as EnvelopeError;
        const field = fieldOfError(declaration, { statusCode: Number(refused.statusCode), info: refused.info, field: refused.field });
        if (field && form.getFieldInstance(field) !== undefined) form.setFields([{ name: field, errors: [refused.message] }]);
        else message.error(refused.message);
      }
    });

  const item = (name: string) => {
    const declared = declaration.fields[name as keyof typeof declaration.fields];
    // The contents are a text of several lines (the declaration leaves the widget out so that the list wraps them).
    const field = name === 'contents' ? { ...declared, widget: 'textarea' as const } : declared;
    return (
      <Form.Item
        key={name}
        name={name}
        label={fieldLabel(declaration, name, t)}
        rules={rulesFor(field, t)}
        required={isRequired(field)}
        validateTrigger="onBlur"
      >
        <FieldInput declaration={declaration} name={name} field={field} formValues={{ ...form.getFieldsValue(), id: record?.id }} />
      </Form.Item>
    );
  };

  return (
    <Form form={form} name="customer-record" layout="vertical" initialValues={initialValues} onFinish={submit} requiredMark>
      {!fixed && !record && (
        <Form.Item
          name="archive_id"
          label={fieldLabel(declaration, 'archive_id', t)}
          rules={[{ required: true, message: t('admin:validation.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={archives.isLoading}
            options={(archives.data ?? []).map((a) => ({ value: Number(a.id), label: `${String(a.name)} · ${String(a.sys_sn)}` }))}
            data-testid="record-archive"
          />
        </Form.Item>
      )}
      {TYPED.map(item)}
      <Form.Item name="complaint_id" label={fieldLabel(declaration, 'complaint_id', t)}>
        <Select
          allowClear
          disabled={!archive}
          loading={complaints.isLoading}
          options={(complaints.data ?? []).map((c) => ({ value: c.id, label: `#${c.id} ${c.title}` }))}
          data-testid="record-complaint"
        />
      </Form.Item>
      {item('attachments')}
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="record-save">
          {t('admin:form.save')}
        </Button>
        <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
