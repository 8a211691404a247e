import { useOne } from '@refinedev/core';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customerArchives } from '../../../resources/customerArchives';
import { RECORD_KINDS } from '../../../resources/customerRecords';
import { useCanAccess } from '../../auth/ability';
import { metaOf, type Row } from '../../resources/screenTypes';
import { ARCHIVE_LIST_PATH } from './api';
import { ArchiveComplaints } from './ArchiveComplaints';
import { ArchiveInfo } from './ArchiveInfo';
import { FileDetailFrame, FileNotFound } from './FileDetailFrame';
import { RecordsTab } from './RecordsTab';

/**
 * /customerArchivesDetail?id=: one customer's file (spec §2: basic info, visit, phone, mail and processing records,
 * remarks) and the complaints on the customer's systems with their status. The tab is kept in the URL (`tab`), so
 * a link opens the same tab and Back returns to it.
 */
export default function ArchiveDetail() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { result: archive, query } = useOne<Row>({
    resource: customerArchives.name,
    id,
    meta: metaOf(customerArchives),
    queryOptions: { enabled: /^\d+$/.test(id), retry: false },
    errorNotification: false,
  });

  const back = { to: ARCHIVE_LIST_PATH, label: t('archives:detail.back') };
  if (!/^\d+$/.test(id) || query.isError) return <FileNotFound message={t('archives:detail.notFound')} back={back} />;
  if (!archive) return <Card>{<Skeleton active />}</Card>;

  const ref = { id: Number(archive.id), sys_sn: String(archive.sys_sn) };
  const tabs = [
    { key: 'basic', label: t('archives:detail.tabs.basic'), children: <ArchiveInfo archive={archive} /> },
    ...RECORD_KINDS.map((kind) => ({
      key: kind,
      label: t(`archives:detail.tabs.${kind}`),
      children: <RecordsTab archive={ref} kind={kind} />,
    })),
    { key: 'complaints', label: t('archives:detail.tabs.complaints'), children: <ArchiveComplaints archiveId={ref.id} /> },
  ];

  return (
    <FileDetailFrame
      testId="archive-detail"
      back={back}
      title={String(archive.name)}
      subtitle={[archive.sys_sn, archive.city, archive.postcode]}
      tabs={tabs}
      edit={
        can('customerArchive', 'update')
          ? { declaration: customerArchives, record: archive, label: t('archives:detail.edit'), onSaved: () => void query.refetch() }
          : undefined
      }
    />
  );
}
