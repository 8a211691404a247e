import { App, Form, Input, Modal, Select } from 'antd';
import type { ResponseCode } from '../../../../contract/codes';
import { useTranslation } from 'react-i18next';
import { envelopeError } from '../../../providers/data';
import { useSubmitGuard } from '../../../resources/useSubmitGuard';
import { TRANSLATION_LANGUAGES as LANGS } from '../../../../contract/admin/translations-constants';
import { adminApi, type TranslationText } from '../api';
import { applyText } from './runningApp';

const FIELDS = ['language', 'namespace', 'key', 'value'] as const;
type Values = TranslationText;

/** The field a refused answer concerns: `data.field` (40 → key, 55 → language), else the one its info names. */
function fieldOf(refused: { field?: string; info?: string }): string | undefined {
  const named = refused.field ?? refused.info?.match(/:\s*([A-Za-z_]\w*)/)?.[1];
  return (FIELDS as readonly string[]).includes(named ?? '') ? named : undefined;
}

/**
 * Adds a key in one language (/Translation/AddTranslation): 40 when the key exists in that language, 55 when the
 * language is missing or unknown, each shown on its field. The new text applies in this browser at once.
 */
export function AddKeyModal({
  open,
  namespaces,
  onClose,
  onAdded,
}: {
  open: boolean;
  namespaces: string[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { busy, guard } = useSubmitGuard();
  const invalid = t('admin:validation.invalid');
  const required = { required: true, whitespace: true, message: t('admin:validation.required') };

  const add = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const answer = await adminApi.addTranslation(values);
    if (!answer.ok) {
      const { code, info, data } = answer.refused;
      const refused = envelopeError({ code: code as ResponseCode, info, data });
      const field = fieldOf(refused);
      if (field) form.setFields([{ name: field as keyof Values, errors: [refused.message] }]);
      else message.error(refused.message);
      return;
    }
    await applyText([{ ...values, value: values.value.trim() }]);
    message.success(t('admin:langTransManagement.added'));
    form.resetFields();
    onAdded();
  };

  return (
    <Modal
      open={open}
      title={t('admin:langTransManagement.addTitle')}
      onCancel={onClose}
      onOk={() => guard(add)}
      confirmLoading={busy}
      okText={t('admin:langTransManagement.add')}
      cancelText={t('common:actions.cancel')}
      maskClosable={false}
      forceRender
      okButtonProps={{ 'data-testid': 'translation-add-save' } as never}
    >
      <Form form={form} name="translation-add" layout="vertical" requiredMark>
        <Form.Item
          name="language"
          label={t('admin:langTransManagement.language')}
          rules={[{ required: true, message: t('admin:validation.required') }]}
        >
          <Select
            data-testid="translation-add-language"
            options={LANGS.map((lng) => ({ value: lng, label: t(`admin:langTransManagement.lang.${lng}`) }))}
          />
        </Form.Item>
        <Form.Item name="namespace" label={t('admin:langTransManagement.namespace')} rules={[required]}>
          <Select showSearch data-testid="translation-add-namespace" options={namespaces.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('admin:langTransManagement.key')}
          extra={t('admin:langTransManagement.keyHint')}
          rules={[required, { pattern: /^[A-Za-z0-9_.-]+$/, message: invalid }, { max: 200, message: t('admin:validation.tooLong') }]}
        >
          <Input data-testid="translation-add-key" />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('admin:langTransManagement.text')}
          rules={[required, { max: 5000, message: t('admin:validation.tooLong') }]}
        >
          <Input.TextArea data-testid="translation-add-value" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
