import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Select, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formFields, type FieldDeclaration } from '../../../resources/types';
import { userInfoSettings } from '../../../resources/userInfoSettings';
import { FieldInput } from '../../resources/FieldInput';
import { fieldLabel } from '../../resources/labels';
import { envelopeError } from '../../providers/data';
import { fieldOfError, isRequired, rulesFor } from '../../resources/rules';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { accountKeys, getProfile, getTimeZones, saveProfile } from '../account/api';
import { RoleSettings } from '../settings/RoleSettings';

/** userInfoSettings: the caller's own profile, a form generated from its declaration (every role). */
export default function UserInfoSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { busy: saving, guard } = useSubmitGuard();
  const lastFailed = useRef<string | undefined>(undefined);
  const profile = useQuery({
    queryKey: accountKeys.profile(),
    queryFn: async () => (await getProfile()).data,
  });
  const zones = useQuery({
    queryKey: accountKeys.timeZones(),
    queryFn: async () => (await getTimeZones()).data ?? [],
  });
  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data);
  }, [profile.data, form]);

  const submit = async (values: Record<string, unknown>) => {
    const signature = JSON.stringify(values);
    // Spec §5: values the server just refused are not sent again unchanged (a save under way: the guard).
    if (signature === lastFailed.current) {
      message.warning(t('admin:form.doNotRepeat'));
      return;
    }
    await guard(async () => {
      const envelope = await saveProfile(values);
      if (envelope.code === 200) {
        lastFailed.current = undefined;
        message.success(t('admin:form.saved'));
        return;
      }
      lastFailed.current = signature;
      const refused = envelopeError(envelope);
      const field = fieldOfError(userInfoSettings, refused);
      if (field) form.setFields([{ name: field, errors: [refused.message] }]);
      else message.error(refused.message);
    });
  };

  return (
    <>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('menu:userInfoSettings')}
          </Typography.Title>
        }
        loading={profile.isLoading}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          onValuesChange={() => (lastFailed.current = undefined)}
          style={{ maxWidth: 560 }}
        >
          <Form.Item label={fieldLabel(userInfoSettings, 'username', t)}>
            <Typography.Text strong>{String(profile.data?.username ?? '')}</Typography.Text>
          </Form.Item>
          {formFields(userInfoSettings, 'edit').map((name) => {
            const field = (userInfoSettings.fields as Record<string, FieldDeclaration>)[name]!;
            return (
              <Form.Item
                key={name}
                name={name}
                label={fieldLabel(userInfoSettings, name, t)}
                rules={rulesFor(field, t)}
                required={isRequired(field)}
                validateTrigger="onBlur"
              >
                {name === 'time_zone' ? (
                  <Select
                    showSearch
                    optionFilterProp="label"
                    loading={zones.isLoading}
                    options={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))}
                  />
                ) : (
                  <FieldInput declaration={userInfoSettings} name={name} field={field} />
                )}
              </Form.Item>
            );
          })}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('admin:form.save')}
          </Button>
        </Form>
      </Card>
      <RoleSettings />
    </>
  );
}
