import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttachmentFile } from '../../../resources/attachments';
import type { ResourceDeclaration } from '../../../resources/types';
import { endpointsOf } from '../../../resources/endpoints';
import { AttachmentList } from './AttachmentList';
import { attachmentValues, isPending } from './values';

/**
 * A record's files on its show page and in its lists (AttachmentList: thumbnails, PDFs in a tab, downloads), read
 * through the record's scope on the server.
 */
export function AttachmentLinks({ declaration, value }: { declaration: ResourceDeclaration; value: unknown }) {
  const { t } = useTranslation();
  const files = attachmentValues(value).filter((item): item is AttachmentFile => !isPending(item));
  if (files.length === 0) return <Typography.Text type="secondary">{t('common:attachments.none')}</Typography.Text>;
  return <AttachmentList files={files} source={(file) => ({ url: endpointsOf(declaration).download!.path, body: { id: file.id } })} />;
}
