import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCanAccess } from '../../auth/ability';
import '../../resources/resources.css';
import { RowAction } from '../../resources/RowAction';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { ResponsiveTable } from '../../ui/ResponsiveTable';
import { AddKeyModal } from './translations/AddKeyModal';
import { ResetOverride } from './translations/ResetOverride';
import { TRANSLATION_LANGUAGES as LANGS, type TranslationLanguage as Lang } from '../../../contract/admin/translations-constants';
import { applyText } from './translations/runningApp';
import { adminApi, adminKeys, adminQueries, type TranslationRow } from './api';

/**
 * langTransManagement: every key in the four languages; an edit, a new key or a reset to the shipped text is
 * stored on the server and applied to the running app at once (and to every other browser at its next page load).
 */
export default function LangTransManagement() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<TranslationRow | undefined>();
  const [adding, setAdding] = useState(false);
  const menuTitle = useMenuTitle({ load: false });
  const [form] = Form.useForm();
  const filters = {
    namespace: params.get('namespace') ?? undefined,
    key: params.get('key') ?? undefined,
    text: params.get('text') ?? undefined,
  };
  const pageIndex = Number(params.get('current') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 20);
  const query = useQuery(adminQueries.translations(filters, pageIndex, pageSize));
  // A text saved, added or reset changes every page and filter of the list, not only the one on screen.
  const queryClient = useQueryClient();
  const translationsChanged = () => void queryClient.invalidateQueries({ queryKey: adminKeys.translations() });
  const setQuery = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    setParams(p);
  };
  const mayEdit = can('translation', 'update');
  const mayAdd = can('translation', 'create');
  const mayReset = can('translation', 'delete');
  const { busy: saving, guard } = useSubmitGuard();

  const save = async () => {
    if (!editing) return;
    const values = (await form.validateFields()) as Record<Lang, string>;
    const saved: Parameters<typeof applyText>[0] = [];
    let refused = false;
    for (const lng of LANGS) {
      const value = (values[lng] ?? '').trim();
      if (value === editing[lng] || !value) continue;
      const answer = await adminApi.saveTranslation({ language: lng, namespace: editing.namespace, key: editing.key, value });
      if (!answer.ok) {
        refused = true;
        break;
      }
      saved.push({ language: lng, namespace: editing.namespace, key: editing.key, value });
    }
    // The texts the server took apply at once, even when a later language was refused (its code is shown).
    await applyText(saved);
    if (refused) return;
    message.success(t('admin:form.saved'));
    setEditing(undefined);
    translationsChanged();
  };

  return (
    <PageCard
      title={menuTitle('langTransManagement')}
      actions={
        mayAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="translation-add">
            {t('admin:langTransManagement.add')}
          </Button>
        )
      }
    >
      <Form
        name="translation-filters"
        layout="inline"
        className="resource-filters"
        initialValues={filters}
        onFinish={(v: Record<string, string>) => setQuery({ ...v, current: 1 })}
      >
        <Form.Item name="namespace" label={t('admin:langTransManagement.namespace')}>
          <Select
            allowClear
            showSearch
            style={{ minWidth: 140 }}
            options={(query.data?.namespaces ?? []).map((n) => ({ value: n, label: n }))}
          />
        </Form.Item>
        <Form.Item name="key" label={t('admin:langTransManagement.key')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="text" label={t('admin:langTransManagement.text')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} data-testid="translation-search">
            {t('admin:list.search')}
          </Button>
        </Form.Item>
      </Form>
      <ResponsiveTable<TranslationRow>
        tableId="langTransManagement"
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.data}
        pagination={{
          current: pageIndex,
          pageSize,
          total: query.data?.dataCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin:list.total', { count: total }),
          onChange: (current, size) => setQuery({ current, pageSize: size }),
        }}
        columns={[
          // The key breaks anywhere and the texts wrap: all four languages fit beside it at 1366 px.
          {
            title: t('admin:langTransManagement.key'),
            dataIndex: 'id',
            card: 'title' as const,
            width: 220,
            render: (id: string) => (
              <Typography.Text code className="translation-key">
                {id}
              </Typography.Text>
            ),
          },
          ...LANGS.map((lng) => ({
            title: lng.toUpperCase(),
            dataIndex: lng,
            key: lng,
            render: (text: string, row: TranslationRow) => (
              <span>
                {text || <Typography.Text type="danger">{t('admin:langTransManagement.missing')}</Typography.Text>}{' '}
                {row.overridden.includes(lng) && (
                  <Space size={0} className="translation-override">
                    <Tag color="gold">{t('admin:langTransManagement.edited')}</Tag>
                    {mayReset && (
                      <ResetOverride language={lng} namespace={row.namespace} translationKey={row.key} onReset={translationsChanged} />
                    )}
                  </Space>
                )}
              </span>
            ),
          })),
          {
            title: t('admin:list.actions'),
            key: 'actions',
            card: 'actions' as const,
            render: (_: unknown, row: TranslationRow) =>
              mayEdit && (
                <RowAction
                  title={t('admin:list.edit')}
                  icon={<EditOutlined />}
                  data-testid="translation-edit"
                  onClick={() => {
                    setEditing(row);
                    form.setFieldsValue({ en: row.en, zh: row.zh, de: row.de, ja: row.ja });
                  }}
                />
              ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.id}
        onCancel={() => setEditing(undefined)}
        onOk={() => guard(save)}
        confirmLoading={saving}
        okText={t('admin:form.save')}
        cancelText={t('common:actions.cancel')}
        maskClosable={false}
        forceRender
        okButtonProps={{ 'data-testid': 'translation-save' } as never}
      >
        <Form form={form} name="translation-edit" layout="vertical">
          {LANGS.map((lng) => (
            <Form.Item
              key={lng}
              name={lng}
              label={t(`admin:langTransManagement.lang.${lng}`)}
              rules={[{ required: true, whitespace: true, message: t('admin:validation.required') }]}
            >
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
      <AddKeyModal
        open={adding}
        namespaces={query.data?.namespaces ?? []}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          translationsChanged();
        }}
      />
    </PageCard>
  );
}
