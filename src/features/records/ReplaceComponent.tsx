import { SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPONENT_KINDS } from '../../../contract/records-constants';
import { useCanAccess } from '../../auth/ability';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { monitoringKeys } from '../monitoring/api';
import { useComponents } from '../monitoring/shared/components/ComponentsList';
import { recordsApi, recordsKeys } from './api';

interface Values {
  oldSn: string;
  newSn: string;
  checkCode: string;
  reason: string;
}

/**
 * Replace one of a system's components by a unit from the S/N registry (its S/N and check code), with the reason; as
 * part of a maintenance record when `maintenanceId` is given. The server checks the new S/N (25, 61, 18, 21, 22, 85,
 * 105) and the caller's right (45, e.g. an installer after the edit window), and keeps the old one in the history.
 */
export function ReplaceComponentButton({
  sysSn,
  maintenanceId,
  onDone,
  label = 'replace',
}: {
  sysSn: string;
  maintenanceId?: number;
  onDone?: () => void;
  label?: 'replace' | 'replacePart';
}) {
  const { t } = useTranslation('records');
  const can = useCanAccess();
  const [open, setOpen] = useState(false);
  if (!can('systemComponent', 'update')) return null;
  return (
    <>
      <Button size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="replace-component">
        {t(`components.${label}`)}
      </Button>
      {open && <ReplaceModal sysSn={sysSn} maintenanceId={maintenanceId} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}

function ReplaceModal({
  sysSn,
  maintenanceId,
  onClose,
  onDone,
}: {
  sysSn: string;
  maintenanceId?: number;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('records');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { busy, guard } = useSubmitGuard();
  const queryClient = useQueryClient();
  const { data: components, isLoading } = useComponents(sysSn);
  const replaceable = (components ?? []).filter((c) => (COMPONENT_KINDS as readonly string[]).includes(c.kind));

  const submit = (values: Values) =>
    guard(async () => {
      await recordsApi.updateSystemSn({ sysSn, ...values, ...(maintenanceId ? { maintenanceId } : {}) });
      void message.success(t('components.replaced'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: monitoringKeys.components(sysSn) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.histories() }),
      ]);
      onDone?.();
      onClose();
    }).catch(() => undefined);

  return (
    <Modal
      open
      title={`${t('components.replace')} · ${sysSn}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="oldSn" label={t('components.oldSn')} rules={[{ required: true }]}>
          <Select
            loading={isLoading}
            options={replaceable.map((c) => ({ value: c.sn, label: `${t(`components.kinds.${c.kind}`)} · ${c.sn} (${c.model})` }))}
          />
        </Form.Item>
        <Form.Item name="newSn" label={t('components.newSn')} rules={[{ required: true, max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="checkCode" label={t('components.checkCode')} rules={[{ required: true, max: 32 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="reason" label={t('components.reason')} rules={[{ required: true, max: 500 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
