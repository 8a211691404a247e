import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { complaints } from '../../../resources/complaints';
import { renderValue } from '../../resources/FieldValue';
import { fieldLabel } from '../../resources/labels';
import type { Complaint } from './api';
import { useAudience } from './audience';
import { COMPLAINT_FIELDS } from './declaration';
import { PEOPLE_FIELDS, PersonName } from './people';

/** What was filed and who has it; staff also see who accepted it and which team it is with. */
const FILED = ['type', 'priority', 'sys_sn', 'created_by', 'created_at', 'contact_email', 'contact_number', 'phone', 'country', 'postcode'];
const HANDLING = ['processor', 'accepter', 'team'];

export function ComplaintFacts({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const staff = useAudience() === 'staff';
  const names = staff ? [...FILED, ...HANDLING] : FILED;
  return (
    <Descriptions
      className="complaint-facts"
      size="small"
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 3 }}
      items={names.map((name) => ({
        key: name,
        label: fieldLabel(complaints, name, t),
        children: PEOPLE_FIELDS.includes(name) ? (
          <PersonName name={complaint[`${name}_name`]} username={complaint[name]} />
        ) : (
          renderValue(complaints, name, COMPLAINT_FIELDS[name], complaint[name], t)
        ),
      }))}
    />
  );
}
