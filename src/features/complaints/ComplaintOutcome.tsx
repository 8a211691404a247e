import { Card, Descriptions, Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import { complaints } from '../../../resources/complaints';
import { renderValue } from '../../resources/FieldValue';
import { fieldLabel } from '../../resources/labels';
import type { Complaint } from './api';
import { useAudience } from './audience';
import { COMPLAINT_FIELDS } from './declaration';
import { PEOPLE_FIELDS, PersonName } from './people';

/** What the handling decided, once given: the reason (of a rejection, a 'not solved', a reopening) and the proposed solution. */
const DECIDED = ['reason', 'solution', 'action'];
const RATINGS = ['rating_solved', 'rating_time', 'rating_attitude'];
/** Spec §5's archive step: staff records, not the customer's (the system model, known from filing, is on the system card). */
const ARCHIVE = [
  'root_cause',
  'after_sales_solution',
  'handling_way',
  'visits_count',
  'onsite_handler',
  'pilot_detected',
  'pilot_solution',
  'leftover_version_issue',
  'archive_module',
  'archive_class',
  'archive_type',
  'archive_user',
  'archive_remark',
];

const given = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The decisions, the customer's rating and (for staff) the archive record, each card only when something was given. */
export function ComplaintOutcome({ complaint, padding }: { complaint: Complaint; padding: { body: { padding: number } } }) {
  const { t } = useTranslation();
  const staff = useAudience() === 'staff';
  const label = (name: string) => fieldLabel(complaints, name, t);
  const lines = (names: string[]) =>
    names
      .filter((name) => given(complaint[name]))
      .map((name) => ({
        key: name,
        label: label(name),
        children: PEOPLE_FIELDS.includes(name) ? (
          <PersonName name={complaint[`${name}_name`]} username={complaint[name]} />
        ) : (
          renderValue(complaints, name, COMPLAINT_FIELDS[name], complaint[name], t)
        ),
      }));
  const decided = lines(DECIDED);
  const rated = RATINGS.some((name) => given(complaint[name]));
  const archived = staff ? lines(ARCHIVE) : [];
  if (decided.length === 0 && !rated && archived.length === 0) return null;
  return (
    <div className="complaint-stack">
      {decided.length > 0 && (
        <Card title={t('complaints:detail.handling')} styles={padding} data-testid="complaint-handling">
          <Descriptions size="small" column={1} items={decided} />
        </Card>
      )}
      {rated && (
        <Card title={t('complaints:detail.rating')} styles={padding} data-testid="complaint-rating">
          <Descriptions
            size="small"
            column={1}
            items={[
              ...RATINGS.map((name) => ({
                key: name,
                label: label(name),
                children: <Rate disabled value={Number(complaint[name] ?? 0)} aria-label={label(name)} />,
              })),
              ...lines(['evaluation']),
            ]}
          />
        </Card>
      )}
      {archived.length > 0 && (
        <Card title={t('complaints:detail.archive')} styles={padding} data-testid="complaint-archive">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={archived} />
        </Card>
      )}
    </div>
  );
}
