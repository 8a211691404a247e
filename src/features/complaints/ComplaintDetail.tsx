import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Result, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { complaints, isCustomerAction } from '../../../resources/complaints';
import { AttachmentLinks } from '../../resources/attachments';
import { resourceKeys } from '../../resources/api';
import { WorkflowActions } from '../../resources/workflow/WorkflowActions';
import { useScreens } from '../../ui/useScreens';
import { complaintKeys, complaintsApi } from './api';
import { useStatusLabel } from './audience';
import { ComplaintFacts } from './ComplaintFacts';
import { ComplaintHistory } from './ComplaintHistory';
import { ComplaintOutcome } from './ComplaintOutcome';
import { ComplaintStatusTag } from './ComplaintStatusTag';
import { COMPLAINT_WORKFLOW } from './declaration';
import { LIST_PATH } from './paths';
import { ClocksCard } from './ClocksCard';
import { MessageThread } from './MessageThread';
import { SnapshotCard } from './SnapshotCard';
import { SystemCard } from './SystemCard';
import { EditComplaint } from './EditComplaint';
import { UrgeButton } from './UrgeButton';
import '../../resources/workflow/workflow.css';
import './complaints.css';

/**
 * A complaint's page (spec §2: /customerComplaintList/attachmentDetails?customercomplaintId=…): its text, files
 * and facts, the actions the user may take now (each with its modal, resources/complaints.ts) and urge, what was
 * decided (solution, ratings, archive), the conversation, the history as a timeline, and beside it the system it is about.
 */
export default function ComplaintDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const screens = useScreens();
  const queryClient = useQueryClient();
  const labelOf = useStatusLabel();
  const id = Number(params.get('customercomplaintId'));
  const valid = Number.isInteger(id) && id > 0;
  const record = useQuery({ queryKey: complaintKeys.one(id), queryFn: () => complaintsApi.one(id), enabled: valid, retry: false });
  const history = useQuery({
    // The engine's key: its transition modal invalidates it after an action.
    queryKey: resourceKeys.workflowHistory(complaints.name, id),
    queryFn: () => complaintsApi.history(id),
    enabled: valid,
    retry: false,
  });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
    void history.refetch();
  };
  const back = () => navigate(LIST_PATH);

  if (!valid || record.isError)
    return (
      <Card>
        <Result
          status="warning"
          title={t('complaints:detail.notFound')}
          extra={<Button onClick={back}>{t('complaints:detail.back')}</Button>}
        />
      </Card>
    );
  if (!record.data)
    return (
      <Card>
        <Spin />
      </Card>
    );
  const complaint = record.data;
  const padding = { body: { padding: screens.md ? 24 : 12 } };

  return (
    <div className="complaint-detail" data-testid="complaint-detail">
      <Card styles={padding}>
        <div className="complaint-header">
          <Space align="start">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('complaints:detail.back')} onClick={back} />
            <div>
              <Typography.Title level={4} className="complaint-title">
                {complaint.title}
              </Typography.Title>
              <Space size={4} wrap>
                <ComplaintStatusTag status={complaint.status} team={complaint.team} />
                <Typography.Text type="secondary">{t('complaints:detail.number', { id: complaint.id })}</Typography.Text>
              </Space>
            </div>
          </Space>
          <Space wrap>
            <UrgeButton complaint={complaint} onUrged={() => void history.refetch()} />
            <EditComplaint complaint={complaint} />
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('admin:list.refresh')}
              onClick={() => void queryClient.invalidateQueries({ queryKey: complaintKeys.all }).then(() => history.refetch())}
            />
          </Space>
        </div>
        <WorkflowActions
          declaration={COMPLAINT_WORKFLOW}
          record={complaint}
          onChanged={changed}
          // The note of a staff action is staff's own: the customer side never reads it (server/complaints/visibility.ts).
          noteHint={(transition) => (isCustomerAction(transition) ? undefined : t('complaints:detail.staffNote'))}
        />
      </Card>
      <Row gutter={[16, 16]} className="complaint-columns">
        <Col xs={24} lg={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('complaints:detail.complaint')} styles={padding}>
              <Typography.Paragraph className="complaint-description" data-testid="complaint-description">
                {complaint.description}
              </Typography.Paragraph>
              <div className="complaint-attachments">
                <Typography.Text strong>{t('complaints:customerComplaintList.fields.attachments')}</Typography.Text>
                <AttachmentLinks declaration={complaints} value={complaint.attachments} />
              </div>
              <ComplaintFacts complaint={complaint} />
            </Card>
            <ComplaintOutcome complaint={complaint} padding={padding} />
            <MessageThread complaint={complaint} padding={padding} focus={params.has('fromMessage')} />
            <Card title={t('admin:workflow.history')} styles={padding}>
              {history.isLoading ? (
                <Spin />
              ) : history.isError ? (
                <Alert type="error" message={history.error.message} />
              ) : (
                <ComplaintHistory entries={history.data?.data ?? []} labelOf={labelOf} />
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {complaint.clocks && <ClocksCard clocks={complaint.clocks} padding={padding} />}
            <SystemCard complaint={complaint} padding={padding} />
            {complaint.snapshot && <SnapshotCard snapshot={complaint.snapshot} padding={padding} />}
          </Space>
        </Col>
      </Row>
    </div>
  );
}
