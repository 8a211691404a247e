import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { complaints } from '../../../resources/complaints';
import { renderValue } from '../../resources/FieldValue';
import { fieldLabel } from '../../resources/labels';
import type { Complaint } from './api';
import { systemPath } from './systemLink';
import { COMPLAINT_FIELDS } from './declaration';
import { ComplaintWarrantyTag } from '../warranty/ComplaintWarrantyTag';

const SYSTEM_FIELDS = ['sys_sn', 'system_model', 'warranty_start', 'warranty_end'];

/**
 * The side column: the system the complaint is about (its model and warranty where known, and whether it is under
 * warranty today by its recorded terms), with a link to its page where the user may open it.
 */
export function SystemCard({ complaint, padding }: { complaint: Complaint; padding: { body: { padding: number } } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = systemPath(complaint.sys_sn);
  return (
    <Card
      title={t('complaints:detail.system')}
      styles={padding}
      extra={
        path && (
          <Button type="link" onClick={() => navigate(path)} data-testid="complaint-system-link">
            {t('complaints:detail.openSystem')}
          </Button>
        )
      }
      data-testid="complaint-system"
    >
      <Descriptions
        size="small"
        column={1}
        items={SYSTEM_FIELDS.filter((name) => name === 'sys_sn' || complaint[name]).map((name) => ({
          key: name,
          label: fieldLabel(complaints, name, t),
          children: renderValue(complaints, name, COMPLAINT_FIELDS[name], complaint[name], t),
        }))}
      />
      {complaint.sys_sn ? <ComplaintWarrantyTag sn={complaint.sys_sn} /> : null}
    </Card>
  );
}
