import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { complaints } from '../../../resources/complaints';
import { optionLabel } from '../../resources/labels';
import { WorkflowStateTag } from '../../resources/workflow/WorkflowStateTag';
import { useAudience, useStatusLabel } from './audience';
import { COMPLAINT_WORKFLOW } from './declaration';

/**
 * A complaint's status as a tag coloured by its category, in the reader's wording (customer or staff); staff also
 * see which team a forwarded complaint waits with.
 */
export function ComplaintStatusTag({ status, team }: { status: unknown; team?: unknown }) {
  const { t } = useTranslation();
  const labelOf = useStatusLabel();
  const staff = useAudience() === 'staff';
  const tag = <WorkflowStateTag declaration={COMPLAINT_WORKFLOW} state={status} labelOf={labelOf} />;
  if (!staff || status !== 'forwarded' || typeof team !== 'string') return tag;
  return (
    <Space size={0} wrap>
      {tag}
      <Tag data-testid="complaint-team">{optionLabel(complaints, 'team', team, t)}</Tag>
    </Space>
  );
}
