import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRule } from '../../../resources/userManagement';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { changePassword } from '../account/api';

/** changePwd: every role changes their own password (23 old password wrong; other sessions end). */
export default function ChangePwd() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { busy: saving, guard } = useSubmitGuard();
  const lastFailed = useRef<string | undefined>(undefined);

  const submit = async (values: { oldPassword: string; newPassword: string }) => {
    const signature = JSON.stringify(values);
    // Spec §5: values the server just refused are not sent again unchanged (a save under way: the guard).
    if (signature === lastFailed.current) {
      message.warning(t('admin:form.doNotRepeat'));
      return;
    }
    await guard(async () => {
      const envelope = await changePassword(values.oldPassword, values.newPassword);
      if (envelope.code === 200) {
        message.success(t('admin:changePwd.done'));
        form.resetFields();
        lastFailed.current = undefined;
        return;
      }
      lastFailed.current = signature;
      const field = envelope.code === 23 ? 'oldPassword' : 'newPassword';
      form.setFields([{ name: field, errors: [t(`errors:code.${envelope.code}`)] }]);
    });
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:changePwd')}
        </Typography.Title>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => (lastFailed.current = undefined)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="oldPassword"
          label={t('admin:changePwd.old')}
          rules={[{ required: true, message: t('admin:validation.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('admin:changePwd.new')}
          extra={t('admin:validation.password')}
          rules={[
            { required: true, message: t('admin:validation.required') },
            {
              validator: async (_r, v) => {
                if (v && !passwordRule().safeParse(v).success) throw new Error(t('admin:validation.password'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('admin:changePwd.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('admin:validation.required') },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('newPassword')) throw new Error(t('admin:changePwd.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('admin:form.save')}
        </Button>
      </Form>
    </Card>
  );
}
