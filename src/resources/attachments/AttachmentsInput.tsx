import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, acceptedEndings, hasExecutableName, type AttachmentFile } from '../../../resources/attachments';
import type { AttachmentRule, ResourceDeclaration } from '../../../resources/types';
import { endpointsOf } from '../../../resources/endpoints';
import { callUpload } from '../../api/call';
import { isPending, attachmentValues, type AttachmentValue } from './values';
import { useFormat } from '../../i18n/format';
import './attachments.css';

interface Props {
  declaration: ResourceDeclaration;
  name: string;
  rule: AttachmentRule;
  value?: unknown;
  onChange?: (value: AttachmentValue[]) => void;
  /** The record being edited (its files are checked for duplicates as they are uploaded). */
  recordId?: unknown;
  disabled?: boolean;
  id?: string;
}

let nextUid = 0;

/**
 * The input of an attachments field (spec §5): antd Upload with each file's progress, the field's limits, accepted
 * types and 'Executable files are not allowed' beside it. A file is uploaded as soon as it is chosen; until its
 * upload answers, the form's value holds it as pending, which the field's rule refuses ('All attachments must be
 * uploaded'), so the form cannot be submitted. Files are removed before saving with the list's remove button.
 * Too large, too many, or a program's name: refused here before sending; the server judges the content.
 */
export function AttachmentsInput({ declaration, name, rule, value, onChange, recordId, disabled, id }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const format = useFormat();
  // The list as this input last changed it: uploads answer in any order, each changes the latest list.
  const items = useRef<AttachmentValue[]>(attachmentValues(value));
  useEffect(() => {
    items.current = attachmentValues(value);
  }, [value]);
  const change = (next: AttachmentValue[]) => {
    items.current = next;
    onChange?.(next);
  };
  const replace = (uid: string, by: AttachmentValue | undefined) =>
    change(items.current.flatMap((item) => (isPending(item) && item.uid === uid ? (by ? [by] : []) : [item])));

  const send = async (file: File) => {
    const pending = { uid: `pending-${++nextUid}`, name: file.name, percent: 0, uploading: true as const };
    change([...items.current, pending]);
    try {
      const form: Record<string, string | Blob> = { field: name };
      if (recordId !== undefined && recordId !== null && recordId !== '') form.recordId = String(recordId);
      form.file = file;
      const answer = await callUpload(endpointsOf(declaration).upload!, form, (percent) =>
        change(items.current.map((item) => (isPending(item) && item.uid === pending.uid ? { ...item, percent } : item))),
      );
      // A refusal (95, 96, too large…) was already shown by the client with the code's text.
      if (answer.code !== 200) return replace(pending.uid, undefined);
      const { sha256, ...uploaded } = answer.data;
      const twice = items.current.some((item) => !isPending(item) && 'sha256' in item && item.sha256 === sha256);
      if (twice) {
        void message.warning(t('admin:form.doNotRepeat'));
        return replace(pending.uid, undefined);
      }
      replace(pending.uid, { ...uploaded, sha256 } as AttachmentFile);
    } catch {
      // The connection failed (the client has said so): the file is not kept.
      replace(pending.uid, undefined);
    }
  };

  const current = attachmentValues(value);
  const full = current.length >= rule.max;
  const fileList: UploadFile[] = current.map((item) =>
    isPending(item)
      ? { uid: item.uid, name: item.name, status: 'uploading', percent: item.percent }
      : { uid: `file-${item.id}`, name: item.name, status: 'done', size: item.size },
  );

  return (
    <div className="attachments-input" id={id}>
      <Upload
        multiple={rule.max > 1}
        accept={acceptAttribute(rule)}
        disabled={disabled}
        fileList={fileList}
        showUploadList={{ showRemoveIcon: !disabled }}
        beforeUpload={(file, batch) => {
          // Files beyond the field's count in one pick are refused one by one, with the others kept.
          const position = batch.indexOf(file);
          if (current.length + position >= rule.max) {
            void message.error(t('common:attachments.tooManyNamed', { name: file.name, count: rule.max }));
          } else if (hasExecutableName(file.name)) {
            void message.error(t('common:attachments.executable', { name: file.name }));
          } else if (file.size > rule.maxBytes) {
            void message.error(t('common:attachments.tooLarge', { name: file.name, size: format.fileSize(rule.maxBytes) }));
          } else {
            void send(file);
          }
          return Upload.LIST_IGNORE;
        }}
        onRemove={(file) => {
          change(items.current.filter((item) => (isPending(item) ? item.uid !== file.uid : `file-${item.id}` !== file.uid)));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || full} data-testid={`attachments-${name}-choose`}>
          {t(rule.max > 1 ? 'common:attachments.choose' : 'common:attachments.chooseOne')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="attachments-hint">
        {t('common:attachments.limits', { count: rule.max, size: format.fileSize(rule.maxBytes) })}
        {' · '}
        {rule.accept === 'images'
          ? t('common:attachments.imagesOnly')
          : t('common:attachments.types', { types: acceptedEndings(rule).join(', ') })}
        {' · '}
        {t('common:attachments.noExecutables')}
      </Typography.Text>
    </div>
  );
}
