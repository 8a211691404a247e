import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Select, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../contract/languages';
import type { MailJob } from '../../../contract/mailings';
import { CallError } from '../../api/call';
import { useScreens } from '../../ui/useScreens';
import { mailingQueries } from './api';
import { jobName } from './schedule';

/**
 * The mail a job would send one recipient (its last complete period), in their language or the one chosen: the HTML
 * as a mail client shows it (a sandboxed frame: no scripts, no requests), and the plain text beside it.
 */
export function PreviewDrawer({
  job,
  userId,
  language,
  onChange,
  onClose,
}: {
  job: MailJob;
  userId?: number;
  language?: Language;
  onChange: (next: { user?: number; lang?: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wide = useScreens().md;
  const [keyword, setKeyword] = useState('');
  const people = useQuery(mailingQueries.recipients(keyword));
  const preview = useQuery({
    // Asked only once a user is chosen (0 is never sent).
    ...mailingQueries.preview(job.id, userId ?? 0, language),
    enabled: userId !== undefined,
    retry: false,
  });
  const options = (people.data ?? []).map((u) => ({
    value: u.id,
    label: u.display_name ? `${u.display_name} (${u.username})` : u.username,
  }));
  if (userId !== undefined && !options.some((o) => o.value === userId)) options.unshift({ value: userId, label: `#${userId}` });

  return (
    <Drawer
      open
      onClose={onClose}
      width={wide ? 760 : '100%'}
      title={`${t('mailings:mailTiming.preview')}: ${jobName(t, job)}`}
      maskClosable={false}
    >
      <Space wrap className="mailings-preview-pickers">
        <Select
          className="mailings-preview-user"
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          placeholder={t('mailings:mailTiming.previewFor')}
          value={userId}
          options={options}
          onChange={(user: number) => onChange({ user, lang: language })}
        />
        <Select
          className="mailings-preview-lang"
          allowClear
          placeholder={t('mailings:mailTiming.previewLanguage')}
          value={language}
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
          onChange={(lang?: string) => onChange({ user: userId, lang })}
        />
      </Space>
      {userId === undefined ? (
        <Empty description={t('mailings:mailTiming.previewPick')} />
      ) : preview.isLoading ? (
        <Spin />
      ) : preview.error ? (
        <Alert type="warning" showIcon message={(preview.error as CallError).info ?? String(preview.error)} />
      ) : preview.data ? (
        <>
          <Descriptions size="small" column={1} className="mailings-preview-head">
            <Descriptions.Item label={t('mailings:mailTiming.recipient')}>{preview.data.recipient}</Descriptions.Item>
            <Descriptions.Item label={t('mailings:mailTiming.subject')}>{preview.data.subject}</Descriptions.Item>
            <Descriptions.Item label={t('mailings:mailTiming.period')}>{preview.data.period}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'html',
                label: t('mailings:mailTiming.html'),
                children: <iframe className="mailings-preview-frame" title={preview.data.subject} sandbox="" srcDoc={preview.data.html} />,
              },
              {
                key: 'text',
                label: t('mailings:mailTiming.text'),
                children: <Typography.Paragraph className="mailings-preview-text">{preview.data.text}</Typography.Paragraph>,
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
