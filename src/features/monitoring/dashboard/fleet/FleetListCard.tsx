import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../ui/ResponsiveTable';
import { SystemCell } from '../../storage/SystemCell';
import { systemPath } from './systemLink';

interface SystemRow {
  sys_sn: string;
  sys_name: string | null;
}

/**
 * A card of the staff home listing systems (with a fault, offline): the S/N column linking to the system
 * page first, then the card's own columns; the total in the corner, a sentence when the list is empty.
 */
export function FleetListCard<Row extends SystemRow>(props: {
  tableId: string;
  title: string;
  emptyText: string;
  rows: { data: Row[]; dataCount: number };
  columns: ResponsiveColumn<Row>[];
}) {
  const { t } = useTranslation('monitoring');
  const systemColumn: ResponsiveColumn<Row> = {
    key: 'system',
    title: t('list.sn'),
    card: 'title',
    render: (_, row) => (
      <SystemCell
        name={row.sys_name}
        link={
          <Link to={systemPath(row.sys_sn)}>
            <Typography.Text strong style={{ color: 'inherit' }}>
              {row.sys_sn}
            </Typography.Text>
          </Link>
        }
      />
    ),
  };
  return (
    <Card
      size="small"
      title={props.title}
      extra={<span className="fleet-card__note">{t('fleet.total', { count: props.rows.dataCount })}</span>}
    >
      <ResponsiveTable<Row>
        tableId={props.tableId}
        rowKey="sys_sn"
        size="small"
        columns={[systemColumn, ...props.columns]}
        dataSource={props.rows.data}
        pagination={false}
        locale={{ emptyText: props.emptyText }}
      />
    </Card>
  );
}
