import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InstallerScorecard } from '../../../contract/installers';
import { installerArchives } from '../../../resources/installerArchives';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { ResourceForm } from '../../resources/ResourceForm';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';
import { FIGURES, figureLink, figureText } from './installerFigures';
import { installerApi, installerDetailPath, installerKeys } from './installerApi';
import './archives.css';

/** Null figures sort last whichever way the column is sorted by putting them below every number. */
const byFigure = (key: (typeof FIGURES)[number]) => (a: InstallerScorecard, b: InstallerScorecard) =>
  (a[key] ?? -Infinity) - (b[key] ?? -Infinity);

/**
 * /installerdetail without an id: the installer files in the caller's scope with their scorecards,
 * every figure a sortable column linking to the records behind it; staff who see every system open new files.
 */
export function InstallerList() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const format = useFormat();
  const screens = useScreens();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const query = useQuery({ queryKey: installerKeys.scorecards(), queryFn: installerApi.scorecards });
  const label = (key: string) => t(`archives:installerdetail.fields.${key}`);

  const columns: ResponsiveColumn<InstallerScorecard>[] = [
    {
      title: label('name'),
      dataIndex: 'name',
      card: 'title',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (value, row) => <Link to={installerDetailPath(row.id)}>{String(value)}</Link>,
    },
    { title: label('contact'), dataIndex: 'contact', defaultHidden: true, card: 'hidden' },
    { title: label('license'), dataIndex: 'license', card: 'hidden' },
    ...FIGURES.map((key): ResponsiveColumn<InstallerScorecard> => ({
      title: t(`archives:installerdetail.scorecard.${key}`),
      dataIndex: key,
      key,
      align: 'right',
      sorter: byFigure(key),
      render: (_, row) => (
        <Link to={figureLink(key, row)} data-testid={`figure-${key}`}>
          {figureText(key, row, format, t)}
        </Link>
      ),
    })),
  ];

  return (
    <Card
      title={t('archives:installerdetail.title')}
      extra={
        can('installer', 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="installer-new">
            {screens.sm ? t('archives:installerdetail.new') : null}
          </Button>
        )
      }
      styles={{ body: { padding: screens.md ? 24 : 12 } }}
    >
      <Typography.Paragraph type="secondary">{t('archives:installerdetail.scorecard.window')}</Typography.Paragraph>
      <ResponsiveTable<InstallerScorecard>
        tableId="installer-scorecards"
        rowKey="id"
        dataSource={query.data ?? []}
        loading={query.isLoading}
        columns={columns}
        size="middle"
        cardFields={6}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <Drawer
        open={creating}
        title={t('archives:installerdetail.new')}
        width={screens.md ? 560 : '100%'}
        maskClosable={false}
        destroyOnHidden
        onClose={() => setCreating(false)}
      >
        <ResourceForm
          declaration={installerArchives}
          mode="create"
          onDone={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: installerKeys.scorecards() });
          }}
        />
      </Drawer>
    </Card>
  );
}
