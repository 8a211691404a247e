import { FieldTimeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClockTargets } from '../../../../contract/complaint-clocks';
import { COMPLAINT_PRIORITIES } from '../../../../resources/complaints';
import { clockTargetCalls } from '../../../../contract/complaints-calls';
import { call } from '../../../api/call';
import { useCanAccess } from '../../../auth/ability';

const TARGETS_KEY = ['complaints', 'clockTargets'] as const;

/**
 * The service-level targets per priority (DESIGN §9: first response in hours, resolution in days), for admins and
 * system managers to change; every running clock's due time follows on the server.
 */
export function ClockTargetsButton() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ClockTargets>();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: TARGETS_KEY,
    queryFn: () => call(clockTargetCalls.read, {}),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (targets: ClockTargets) => call(clockTargetCalls.save, targets),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['complaints'] });
      void message.success(t('complaints:statement.targets.saved'));
      setOpen(false);
    },
  });
  if (!can('complaintSettings', 'update')) return null;
  const h = (key: string) => t(`complaints:statement.targets.${key}`);
  const priorityLabel = (priority: string) => t(`complaints:customerComplaintList.options.priority.${priority}`);
  // The unit stands in the column's heading, so the three columns fit a phone's width.
  const number = (name: (string | number)[], max: number, label: string) => (
    <Form.Item name={name} rules={[{ required: true, type: 'integer', min: 1, max, message: h('invalid') }]} style={{ margin: 0 }}>
      <InputNumber min={1} max={max} precision={0} aria-label={label} style={{ width: '100%', maxWidth: 140 }} />
    </Form.Item>
  );
  return (
    <>
      <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)} data-testid="clock-targets">
        {h('button')}
      </Button>
      <Modal
        open={open}
        title={h('title')}
        okText={h('save')}
        confirmLoading={save.isPending}
        onOk={() => form.validateFields().then((values) => save.mutate(values))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {data ? (
          <Form form={form} initialValues={data} component={false}>
            <Table
              size="small"
              pagination={false}
              rowKey="priority"
              dataSource={COMPLAINT_PRIORITIES.map((priority) => ({ priority }))}
              columns={[
                {
                  key: 'priority',
                  title: h('priority'),
                  render: (_, { priority }) => priorityLabel(priority),
                },
                {
                  key: 'firstResponse',
                  title: `${h('firstResponse')} (${h('hours')})`,
                  render: (_, { priority }) =>
                    number(['firstResponseHours', priority], 24 * 365, `${h('firstResponse')}: ${priorityLabel(priority)}`),
                },
                {
                  key: 'resolution',
                  title: `${h('resolution')} (${h('days')})`,
                  render: (_, { priority }) =>
                    number(['resolutionDays', priority], 365 * 5, `${h('resolution')}: ${priorityLabel(priority)}`),
                },
              ]}
            />
          </Form>
        ) : null}
      </Modal>
    </>
  );
}
