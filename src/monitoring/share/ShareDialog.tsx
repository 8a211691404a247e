import { App, Button, Form, Input, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { calls, CallError } from '../calls';
import type { ShareResult } from '../../shared/monitoring';
import { CLEAR_AFTER_MS, DIGITS, SHARE_EMAIL_PATTERN } from './rules';

/** The answer of a share to an address another kind of account holds (spec §8: user exists). */
const USER_EXISTS = 37;

interface ShareForm {
  email: string;
  days: string;
}

/** Spec §5 share dialog: e-mail and days, validated as the spec says; the server's info or 'Share Failed' on failure. */
export function ShareDialog({ sn, open, onClose }: { sn: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const [form] = Form.useForm<ShareForm>();
  const [sending, setSending] = useState(false);
  const [invited, setInvited] = useState<ShareResult | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const close = () => {
    clearTimeout(clearTimer.current);
    form.resetFields();
    setInvited(null);
    onClose();
  };

  const onDaysChange = (value: string) => {
    clearTimeout(clearTimer.current);
    if (value && !DIGITS.test(value)) {
      clearTimer.current = setTimeout(() => form.setFields([{ name: 'days', value: '', errors: [] }]), CLEAR_AFTER_MS);
    }
  };

  const submit = async ({ email, days }: ShareForm) => {
    setSending(true);
    try {
      const result = await calls.share(email.trim(), Number(days), sn);
      void message.success(t('share.success'));
      if (result.register_token) setInvited(result);
      else close();
    } catch (error) {
      const info = error instanceof CallError && error.info ? error.info : t('share.failed');
      // 37: the address belongs to an account the share cannot use (not a sharer, or another's user name):
      // the server's info (spec §8) goes where the owner corrects it, under the e-mail.
      if (error instanceof CallError && error.code === USER_EXISTS) form.setFields([{ name: 'email', errors: [info] }]);
      else void message.error(info);
    } finally {
      setSending(false);
    }
  };

  const link = invited?.register_token ? `${window.location.origin}/shareRegister?token=${invited.register_token}` : '';

  return (
    <Modal
      open={open}
      title={t('share.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        invited
          ? [<Button key="done" type="primary" onClick={close}>{t('share.done')}</Button>]
          : [
              <Button key="cancel" onClick={close}>{t('common:actions.cancel')}</Button>,
              <Button key="ok" type="primary" loading={sending} onClick={() => form.submit()}>{t('share.submit')}</Button>,
            ]
      }
    >
      {invited ? (
        <Result
          status="success"
          title={t('share.success')}
          subTitle={t('share.inviteText')}
          extra={<Typography.Paragraph copyable={{ text: link }} code style={{ wordBreak: 'break-all' }}>{link}</Typography.Paragraph>}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} validateTrigger={['onChange', 'onBlur']}>
          <Typography.Paragraph type="secondary">{t('share.intro', { sn })}</Typography.Paragraph>
          <Form.Item
            name="email"
            label={t('share.email')}
            rules={[
              { required: true, whitespace: true, message: t('share.emailRequired') },
              { pattern: SHARE_EMAIL_PATTERN, message: t('share.emailFormat') },
            ]}
          >
            <Input type="email" autoComplete="email" placeholder="name@example.com" />
          </Form.Item>
          <Form.Item
            name="days"
            label={t('share.days')}
            rules={[
              { required: true, message: t('share.daysRequired') },
              { pattern: DIGITS, message: t('share.daysDigits') },
            ]}
          >
            <Input inputMode="numeric" suffix={t('share.daysUnit')} onChange={(e) => onDaysChange(e.target.value)} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
