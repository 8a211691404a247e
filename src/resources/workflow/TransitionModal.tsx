import { useCustomMutation } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointsOf } from '../../../resources/endpoints';
import { TRANSITION_REFUSED_CODE, type WorkflowTransition } from '../../../resources/workflow';
import type { EnvelopeError } from '../../providers/data';
import { resourceKeys } from '../api';
import { FieldInput } from '../FieldInput';
import { fieldLabel } from '../labels';
import { isRequired, rulesFor } from '../rules';
import { useSubmitGuard } from '../useSubmitGuard';
import { actionLabel, stateLabel, type WorkflowResource } from './labels';

/** The longest note the server takes (server/core/crud/workflow.ts WORKFLOW_NOTE_MAX). */
const NOTE_MAX = 1000;

interface Props {
  declaration: WorkflowResource;
  transition: WorkflowTransition;
  recordId: unknown;
  /** The record: the fields the transition declares `prefilled` start with its values. */
  record?: Record<string, unknown>;
  /** A line under the note saying who reads it (e.g. a complaint's staff note: not the customer). */
  noteHint?: string;
  onClose: () => void;
  /** After the transition was made, or refused because the record had moved on: the record and history are read again. */
  onChanged: () => void;
}

/**
 * Confirms one transition: the fields it requires (generated from their declaration, with the antd rules of
 * their zod schema) and an optional note. A refusal because someone else changed the state first says so and
 * reloads the record; a field the server refuses shows on that field.
 */
export function TransitionModal({ declaration, transition, recordId, record, noteHint, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { mutateAsync } = useCustomMutation();
  const queryClient = useQueryClient();
  // The record's history has a new row (or another user's); the screen reads the record itself again (onChanged).
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.workflowHistory(declaration.name, recordId) });
    onChanged();
  };
  const { busy, guard } = useSubmitGuard();
  const fields = Object.entries(transition.fields ?? {});
  const title = actionLabel(declaration, transition.action, t);
  // What the record already holds (where the transition says so), else the field's declared start (a switch's 'no',
  // which is then sent as shown rather than missing).
  const initialValues = Object.fromEntries(
    fields.flatMap(([name, field]) => {
      const held = record?.[name];
      if (transition.prefilled?.includes(name) && held !== null && held !== undefined && held !== '') return [[name, held]];
      return field.defaultValue === undefined ? [] : [[name, field.defaultValue]];
    }),
  );

  const submit = (values: Record<string, unknown>) =>
    guard(async () => {
      try {
        await mutateAsync({
          url: endpointsOf(declaration).transitions[transition.action]!.path,
          method: 'post',
          values: { ...values, id: recordId },
          successNotification: false,
          errorNotification: false,
        });
        message.success(t('admin:workflow.done', { state: stateLabel(declaration, transition.to, t) }));
        onClose();
        changed();
      } catch (error) {
        const refused = error as EnvelopeError;
        if (refused.field && (refused.field === 'note' || transition.fields?.[refused.field])) {
          form.setFields([{ name: refused.field, errors: [refused.message] }]);
        } else if (Number(refused.statusCode) === (transition.refusedCode ?? TRANSITION_REFUSED_CODE)) {
          message.warning(t('admin:workflow.changed'));
          onClose();
          changed();
        } else {
          message.error(refused.message);
        }
      }
    });

  return (
    <Modal
      open
      title={title}
      okText={title}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'workflow-submit' }}
    >
      <Form
        form={form}
        layout="vertical"
        name={`${declaration.name}-${transition.action}`}
        onFinish={submit}
        initialValues={initialValues}
        requiredMark
      >
        {fields.map(([name, field]) => (
          <Form.Item
            key={name}
            name={name}
            label={fieldLabel(declaration, name, t)}
            rules={rulesFor(field, t)}
            required={isRequired(field)}
            validateTrigger="onBlur"
          >
            <FieldInput declaration={declaration} name={name} field={field} />
          </Form.Item>
        ))}
        <Form.Item
          name="note"
          label={t('admin:workflow.note')}
          extra={noteHint}
          rules={[{ max: NOTE_MAX, message: t('admin:validation.tooLong') }]}
        >
          <Input.TextArea rows={3} maxLength={NOTE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
