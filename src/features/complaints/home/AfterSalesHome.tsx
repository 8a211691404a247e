import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeComplaint, HomeSection } from '../../../../contract/complaint-home';
import { afterSalesHomeCall } from '../../../../contract/complaints-calls';
import { statusLabelKey } from '../../../../resources/complaints';
import { call } from '../../../api/call';
import { useCanAccess } from '../../../auth/ability';
import { useUser } from '../../../auth/useUser';
import { useFormat } from '../../../i18n/format';
import { Greeting } from '../../monitoring/dashboard/Welcome';
import { workHourKeys, workHoursApi } from '../../workhours/api';
import { mondayOf, weekDays, weekTotals } from '../../workhours/weekTotals';
import { detailPath, LIST_PATH } from '../paths';

/** The home is asked again every minute while open: clocks run and complaints arrive. */
const REFRESH_MS = 60_000;

/** One complaint of a section: its number and title (opening it), status, and when its clock runs out. */
function ComplaintItem({ complaint }: { complaint: HomeComplaint }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <List.Item className="aftersales-item">
      <Space direction="vertical" size={0} style={{ minWidth: 0, width: '100%' }}>
        <Link to={detailPath(complaint.id)} className="aftersales-title">
          #{complaint.id} {complaint.title}
        </Link>
        <Space size={[4, 4]} wrap>
          <Tag>{t(statusLabelKey(complaint.status, 'staff'))}</Tag>
          {complaint.due_at && (
            <Typography.Text type={complaint.overdue ? 'danger' : 'secondary'}>
              {t(complaint.overdue ? 'complaints:afterSalesHome.overdueSince' : 'complaints:afterSalesHome.dueAt', {
                clock: t(`complaints:afterSalesHome.clock.${complaint.clock ?? 'resolution'}`),
                time: fmt.dateTime(complaint.due_at),
              })}
            </Typography.Text>
          )}
          {complaint.processor_name && <Typography.Text type="secondary">{complaint.processor_name}</Typography.Text>}
        </Space>
      </Space>
    </List.Item>
  );
}

function SectionCard({ title, section, testId }: { title: string; section: HomeSection; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <Space>
          {title}
          <Badge count={section.count} showZero color={section.count ? '#1677ff' : '#bfbfbf'} overflowCount={999} />
        </Space>
      }
      extra={section.count > section.items.length ? <Link to={LIST_PATH}>{t('complaints:afterSalesHome.all')}</Link> : null}
      data-testid={testId}
      size="small"
    >
      <List
        dataSource={section.items}
        rowKey="id"
        renderItem={(complaint) => <ComplaintItem complaint={complaint} />}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('complaints:afterSalesHome.nothing')} /> }}
      />
    </Card>
  );
}

/** The signed-in person's R&D hours of this week (the week view's call and sums, server/workhours). */
function WeekHoursCard() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const username = useUser()?.username ?? '';
  const monday = mondayOf(dayjs().format('YYYY-MM-DD'));
  const days = weekDays(monday);
  const { data } = useQuery({
    queryKey: workHourKeys.week(monday, username),
    queryFn: () => workHoursApi.entries(days[0]!, days[6]!, username),
    enabled: !!username,
  });
  const week = weekTotals(
    (data?.data ?? []).filter((e) => e.engineer === username),
    monday,
  );
  const hours = (value: number) => fmt.number(value, { digits: 2, trim: true });
  return (
    <Card
      size="small"
      title={t('complaints:afterSalesHome.hours')}
      extra={<Link to="/RAndDtimereport">{t('complaints:afterSalesHome.logHours')}</Link>}
      data-testid="aftersales-hours"
    >
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('workhours:week.of', { hours: hours(week.total) })}
      </Typography.Title>
      <Typography.Text type="secondary">{fmt.dayRange(days[0], days[6])}</Typography.Text>
    </Card>
  );
}

/**
 * Home of the after-sales teams (fasw, dasw, and dev for what R&D is given; server/complaints/home/): what waits for
 * their team, what they handle, the clocks running out today, what waits to be archived, and their hours this week.
 */
export default function AfterSalesHome() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { data } = useQuery({
    queryKey: ['complaints', 'afterSalesHome', timeZone],
    queryFn: () => call(afterSalesHomeCall, { timeZone }),
    refetchInterval: REFRESH_MS,
  });
  return (
    <div className="aftersales-home">
      <Greeting />
      {data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <SectionCard title={t('complaints:afterSalesHome.queue')} section={data.queue} testId="aftersales-queue" />
          </Col>
          <Col xs={24} xl={12}>
            <SectionCard title={t('complaints:afterSalesHome.clocks')} section={data.clocks} testId="aftersales-clocks" />
          </Col>
          <Col xs={24} xl={12}>
            <SectionCard title={t('complaints:afterSalesHome.mine')} section={data.mine} testId="aftersales-mine" />
          </Col>
          <Col xs={24} xl={12}>
            <Row gutter={[16, 16]}>
              {data.archive && (
                <Col span={24}>
                  <SectionCard title={t('complaints:afterSalesHome.archive')} section={data.archive} testId="aftersales-archive" />
                </Col>
              )}
              {can('rdWorkHour', 'read') && (
                <Col span={24}>
                  <WeekHoursCard />
                </Col>
              )}
            </Row>
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
