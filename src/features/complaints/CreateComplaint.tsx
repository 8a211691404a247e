import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Code } from '../../../contract/codes';
import { complaints, DESCRIPTION_MAX } from '../../../resources/complaints';
import { COUNTRY_CODES } from '../../../contract/countryCodes';
import { codeMessage } from '../../api/client';
import { useUser } from '../../auth/useUser';
import { FieldInput } from '../../resources/FieldInput';
import { fieldLabel } from '../../resources/labels';
import { rulesFor } from '../../resources/rules';
import { attachmentValues, isPending } from '../../resources/attachments/values';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { useScreens } from '../../ui/useScreens';
import { complaintKeys, complaintsApi } from './api';
import { accountKeys, getProfile } from '../account/api';
import { useAudience } from './audience';
import { COMPLAINT_FIELDS } from './declaration';
import { detailPath, LIST_PATH } from './paths';
import { SnPicker } from './SnPicker';
import './complaints.css';

/** The server's 'Do not submit repeatly' (server/complaints/service.ts), said in the reader's language. */
const RESUBMISSION_TEXT = 'Do not submit repeatly';

const fields = COMPLAINT_FIELDS;
const isCountryCode = (value: unknown): value is string => (COUNTRY_CODES as readonly unknown[]).includes(value);

/**
 * /createComplaint (spec §5): the system picked from the user's own, title, description (1024 characters, counted),
 * type, contact e-mail (required) and number, country, postcode, up to 3 files (each uploaded as it is chosen, with
 * its progress; the form is not sent while one is on its way). A S/N outside the user's scope (45) returns to the
 * list with 'no SN right'; an identical complaint filed a moment ago is refused with 'Do not submit repeatly'.
 */
export default function CreateComplaint() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const screens = useScreens();
  const staff = useAudience() === 'staff';
  const user = useUser();
  const [form] = Form.useForm();
  const { busy, guard } = useSubmitGuard();
  const uploading = attachmentValues(Form.useWatch('attachments', form)).some(isPending);
  const label = (field: string) => fieldLabel(complaints, field, t);
  // The filer's phone from their profile as the contact number to start with, unless they typed one already.
  const profile = useQuery({ queryKey: accountKeys.profile(), queryFn: async () => (await getProfile({ quiet: true })).data });
  const profilePhone = typeof profile.data?.phone === 'string' ? profile.data.phone.trim() : '';
  useEffect(() => {
    if (profilePhone && !form.isFieldTouched('contact_number') && !form.getFieldValue('contact_number'))
      form.setFieldsValue({ contact_number: profilePhone });
  }, [form, profilePhone]);

  const item = (name: string, extra: { required?: boolean; extra?: string } = {}) => (
    <Form.Item
      name={name}
      label={label(name)}
      extra={extra.extra}
      rules={[...rulesFor(fields[name]!, t), ...(extra.required ? [{ required: true, message: t('admin:validation.required') }] : [])]}
    >
      <FieldInput declaration={complaints} name={name} field={fields[name]!} />
    </Form.Item>
  );

  const submit = (values: Record<string, unknown>) =>
    guard(async () => {
      const answer = await complaintsApi.create(values);
      if (answer.code === 200) {
        void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
        message.success(t('complaints:create.filed'));
        navigate(detailPath(answer.data.id), { replace: true });
        return;
      }
      if (answer.code === Code.NO_PERMISSION) {
        // Spec §6: no right to this S/N: back to the complaint list, saying why.
        message.error(t('complaints:validation.snRight'));
        navigate(LIST_PATH, { replace: true });
        return;
      }
      if (answer.code === Code.TOO_FAST && answer.info === RESUBMISSION_TEXT) {
        message.warning(t('admin:form.doNotRepeat'));
        return;
      }
      const field = (answer.data as { field?: unknown } | null)?.field;
      const text = answer.code === Code.EMAIL_FORMAT ? t('complaints:validation.email') : codeMessage(answer.code);
      if (typeof field === 'string' && field in fields) form.setFields([{ name: field, errors: [text] }]);
      else message.error(text);
    });

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} className="complaint-create" data-testid="complaint-create-page">
      <div className="complaint-header">
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('complaints:detail.back')} onClick={() => navigate(LIST_PATH)} />
          <Typography.Title level={4}>{t('complaints:create.title')}</Typography.Title>
        </Space>
      </div>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          sys_sn: params.get('sn') ?? undefined,
          // The filer's own e-mail and country to start with (most file for themselves); both stay editable.
          contact_email: user?.email || undefined,
          country: isCountryCode(user?.country) ? user.country : undefined,
          priority: 'normal',
          attachments: [],
        }}
        scrollToFirstError
        data-testid="complaint-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="sys_sn" label={label('sys_sn')} rules={[{ required: true, message: t('admin:validation.required') }]}>
              <SnPicker />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {item('type')}
          </Col>
          <Col xs={24}>{item('title')}</Col>
          <Col xs={24}>
            <Form.Item name="description" label={label('description')} rules={rulesFor(fields.description!, t)}>
              <Input.TextArea rows={5} showCount maxLength={DESCRIPTION_MAX} data-testid="complaint-description" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {item('contact_email', { required: true })}
          </Col>
          <Col xs={24} md={12}>
            {item('contact_number')}
          </Col>
          <Col xs={24} md={12}>
            {item('country')}
          </Col>
          <Col xs={24} md={12}>
            {item('postcode', { extra: t('complaints:create.postcodeFromSystem') })}
          </Col>
          {staff && (
            <Col xs={24} md={12}>
              {item('priority')}
            </Col>
          )}
          <Col xs={24}>{item('attachments')}</Col>
        </Row>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploading} data-testid="complaint-submit">
            {t('complaints:create.submit')}
          </Button>
          <Button onClick={() => navigate(LIST_PATH)}>{t('common:actions.cancel')}</Button>
          {uploading && <Typography.Text type="secondary">{t('common:attachments.notUploaded')}</Typography.Text>}
        </Space>
      </Form>
    </Card>
  );
}
