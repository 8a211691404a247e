import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentFile } from '../../../resources/attachments';
import type { ResourceDeclaration } from '../../../resources/types';
import { download } from '../../api/files';
import { attachmentValues, isPending } from './values';
import { useFileSize } from './useFileSize';
import './attachments.css';

/** A record's files on its show page: each a link that downloads it (through the record's scope on the server). */
export function AttachmentLinks({ declaration, value }: { declaration: ResourceDeclaration; value: unknown }) {
  const { t } = useTranslation();
  const fileSize = useFileSize();
  const [busy, setBusy] = useState<number>();
  const files = attachmentValues(value).filter((item): item is AttachmentFile => !isPending(item));
  if (files.length === 0) return <Typography.Text type="secondary">{t('common:attachments.none')}</Typography.Text>;
  return (
    <div className="attachments-links">
      {files.map((file) => (
        <span key={file.id}>
          <Button
            type="link"
            icon={<PaperClipOutlined />}
            loading={busy === file.id}
            aria-label={t('common:attachments.download', { name: file.name })}
            data-testid="attachment-download"
            onClick={async () => {
              setBusy(file.id);
              try {
                await download(declaration.endpoints.download!, { id: file.id }, file.name);
              } finally {
                setBusy(undefined);
              }
            }}
          >
            {file.name}
          </Button>{' '}
          <Typography.Text type="secondary">{fileSize(file.size)}</Typography.Text>
        </span>
      ))}
    </div>
  );
}
