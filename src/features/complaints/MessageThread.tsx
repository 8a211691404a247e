import { RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isClosedStatus, MESSAGE_MAX } from '../../../contract/complaints-constants';
import { complaints } from '../../../resources/complaints';
import { useUser } from '../../auth/useUser';
import { useFormat } from '../../i18n/format';
import { AttachmentsInput } from '../../resources/attachments';
import { AttachmentList } from '../../resources/attachments/AttachmentList';
import { attachmentValues, isPending } from '../../resources/attachments/values';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { complaintKeys, complaintsApi, messageFilePath, type Complaint, type ComplaintMessage } from './api';
import './complaints.css';
import { PersonName } from './people';

const ATTACHMENT_RULE = complaints.fields.attachments.attachments!;

/**
 * The conversation of a complaint (spec §3, §7): every comment and reply, oldest first, each with who wrote it,
 * which side they are on, when, the message it answers and its files to download; below, the box to write a
 * comment or (after 'Reply' on a message) a reply, with up to 3 files. Opening the thread marks it read.
 */
export function MessageThread({
  complaint,
  padding,
  focus,
}: {
  complaint: Complaint;
  padding: { body: { padding: number } };
  /** Opened from a message (spec §2 'fromMessage'): the thread is scrolled into view once it has loaded. */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const username = useUser()?.username;
  const card = useRef<HTMLDivElement>(null);
  const messages = useQuery({
    queryKey: complaintKeys.messages(complaint.id),
    queryFn: () => complaintsApi.messages(complaint.id),
    retry: false,
  });
  const [replyTo, setReplyTo] = useState<ComplaintMessage>();
  const open = !isClosedStatus(complaint.status);
  const rows = messages.data?.data ?? [];
  const byId = new Map(rows.map((m) => [m.id, m]));
  const loaded = messages.isSuccess;
  useEffect(() => {
    if (focus && loaded) card.current?.scrollIntoView?.({ block: 'start' });
  }, [focus, loaded]);
  // Reading the thread marks its messages read: the top bar's unread count is asked for again.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: complaintKeys.news() });
  }, [loaded, queryClient]);

  return (
    <Card ref={card} title={t('complaints:messages.title')} styles={padding} data-testid="complaint-messages">
      {messages.isLoading ? (
        <Spin />
      ) : messages.isError ? (
        <Alert type="error" message={messages.error.message} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('complaints:messages.none')} />
      ) : (
        <ol className="complaint-thread">
          {rows.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              answered={message.reply_to ? byId.get(message.reply_to) : undefined}
              // One answers the others' messages, not one's own.
              onReply={open && message.creator !== username ? () => setReplyTo(message) : undefined}
            />
          ))}
        </ol>
      )}
      {open && <MessageBox complaintId={complaint.id} replyTo={replyTo} onCancelReply={() => setReplyTo(undefined)} />}
    </Card>
  );
}

function MessageItem({ message, answered, onReply }: { message: ComplaintMessage; answered?: ComplaintMessage; onReply?: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={`complaint-message complaint-message-${message.side}`} data-testid="complaint-message">
      <Space size={4} wrap>
        <Typography.Text strong>
          <PersonName name={message.creator_name} username={message.creator} />
        </Typography.Text>
        <Tag color={message.side === 'staff' ? 'blue' : 'default'}>{t(`complaints:messages.side.${message.side}`)}</Tag>
        <Typography.Text type="secondary">{format.dateTime(message.created_at)}</Typography.Text>
      </Space>
      {answered && (
        <blockquote className="complaint-quote">
          <Typography.Text type="secondary">{t('complaints:messages.inReplyTo', { name: answered.creator_name })}</Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
            {answered.content}
          </Typography.Paragraph>
        </blockquote>
      )}
      <Typography.Paragraph className="complaint-description">{message.content}</Typography.Paragraph>
      <MessageFiles message={message} />
      {onReply && (
        <Button type="link" size="small" icon={<RollbackOutlined />} onClick={onReply} data-testid="complaint-message-reply">
          {t('complaints:messages.reply')}
        </Button>
      )}
    </li>
  );
}

function MessageFiles({ message }: { message: ComplaintMessage }) {
  if (message.attachments.length === 0) return null;
  return (
    <AttachmentList
      files={message.attachments}
      testId="message-attachment"
      source={(file) => ({ url: messageFilePath(message.kind), body: { id: message.id, attachment_name: file.name } })}
    />
  );
}

function MessageBox({
  complaintId,
  replyTo,
  onCancelReply,
}: {
  complaintId: number;
  replyTo?: ComplaintMessage;
  onCancelReply: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string; attachments: unknown }>();
  const queryClient = useQueryClient();
  const { busy, guard } = useSubmitGuard();
  const uploading = attachmentValues(Form.useWatch('attachments', form)).some(isPending);

  const send = ({ content, attachments }: { content: string; attachments: unknown }) =>
    guard(async () => {
      const files = attachmentValues(attachments).flatMap((item) => (isPending(item) ? [] : [item.id]));
      try {
        if (replyTo) await complaintsApi.reply(complaintId, replyTo.id, content.trim(), files);
        else await complaintsApi.comment(complaintId, content.trim(), files);
      } catch {
        // The client has said why (the server's code); the text stays for another try.
        return;
      }
      form.resetFields();
      onCancelReply();
      void queryClient.invalidateQueries({ queryKey: complaintKeys.messages(complaintId) });
    });

  return (
    <Form form={form} layout="vertical" onFinish={send} className="complaint-message-box" data-testid="complaint-message-box">
      {replyTo && (
        <Tag closable onClose={onCancelReply} className="complaint-reply-to" data-testid="complaint-reply-to">
          {t('complaints:messages.replyingTo', { name: replyTo.creator_name })}
        </Tag>
      )}
      <Form.Item
        name="content"
        label={replyTo ? t('complaints:messages.yourReply') : t('complaints:messages.yourMessage')}
        rules={[{ required: true, whitespace: true, message: t('complaints:messages.fillReply') }]}
      >
        <Input.TextArea rows={3} maxLength={MESSAGE_MAX} showCount data-testid="complaint-message-text" />
      </Form.Item>
      <Form.Item name="attachments" initialValue={[]}>
        <AttachmentsInput declaration={complaints} name="attachments" rule={ATTACHMENT_RULE} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={uploading} data-testid="complaint-message-send">
        {replyTo ? t('complaints:messages.sendReply') : t('complaints:messages.send')}
      </Button>
    </Form>
  );
}
