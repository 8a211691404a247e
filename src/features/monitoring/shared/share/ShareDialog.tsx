import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Form, Input, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../ui/Modal';
import { monitoringApi, CallError, monitoringKeys } from '../../api';
import type { ShareResult } from '../../../../../contract/monitoring';
import { useFormat } from '../../../../i18n/format';
import { daysRules, rangeText } from './daysRules';
import { CLEAR_AFTER_MS, DIGITS, SHARE_EMAIL_PATTERN } from './rules';
import { ShareList } from './ShareList';

/** The answer of a share to an address another kind of account holds (spec §8: user exists). */
const USER_EXISTS = 37;
/** Parameter error / required: the form checks both fields first, so only the days range can still reach here. */
const BAD_DAYS = new Set([2, 3]);

interface ShareForm {
  email: string;
  days: string;
}

/**
 * Spec §5 share dialog: e-mail and days, validated as the spec says; the server's info or 'Share Failed' on
 * failure. Below the form, whom the system is already shared with (revoke, extend).
 */
export function ShareDialog({ sn, open, onClose }: { sn: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const fmt = useFormat();
  const client = useQueryClient();
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
      const result = await monitoringApi.share(email.trim(), Number(days), sn);
      void message.success(t('share.success'));
      void client.invalidateQueries({ queryKey: monitoringKeys.shares(sn) });
      if (result.register_token) setInvited(result);
      else close();
    } catch (error) {
      const info = error instanceof CallError && error.info ? error.info : t('share.failed');
      // 37: the address belongs to an account the share cannot use (not a sharer, or another's user name):
      // the server's info (spec §8) goes where the owner corrects it, under the e-mail.
      if (error instanceof CallError && error.code === USER_EXISTS) form.setFields([{ name: 'email', errors: [info] }]);
      // Days out of range: the dialog's own words under the field, not the server's 'Parameter error: days (…)'.
      else if (error instanceof CallError && BAD_DAYS.has(error.code) && error.info.includes('days'))
        form.setFields([{ name: 'days', errors: [rangeText(t, fmt)] }]);
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
          ? [
              <Button key="done" type="primary" onClick={close}>
                {t('share.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common:actions.cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={sending} onClick={() => form.submit()}>
                {t('share.submit')}
              </Button>,
            ]
      }
    >
      {invited ? (
        <Result
          status="success"
          title={t('share.success')}
          subTitle={t('share.inviteText')}
          extra={
            <Typography.Paragraph copyable={{ text: link }} code style={{ wordBreak: 'break-all' }}>
              {link}
            </Typography.Paragraph>
          }
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
          <Form.Item name="days" label={t('share.days')} rules={daysRules(t, fmt)}>
            <Input inputMode="numeric" suffix={t('share.daysUnit')} onChange={(e) => onDaysChange(e.target.value)} />
          </Form.Item>
        </Form>
      )}
      {!invited && open && (
        <>
          <Divider style={{ margin: '8px 0' }} />
          <ShareList sn={sn} />
        </>
      )}
    </Modal>
  );
}
