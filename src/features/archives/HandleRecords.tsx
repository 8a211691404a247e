import { Link } from 'react-router';
import { customerRecords } from '../../../resources/customerRecords';
import { resourceScreen } from '../../resources/ResourceScreen';
import type { FormPageProps } from '../../resources/screenTypes';
import { detailPath } from '../complaints/paths';
import { archiveDetailPath } from './api';
import { RecordForm } from './RecordForm';

/**
 * /cusHandleRecord: every visit, call, mail, processing record and remark across customers, newest first, filtered by
 * person, kind, date, customer and complaint (the filters live in the URL), as cards on a phone. Generated from the
 * declaration (resources/customerRecords.ts); a record is added or edited with the customer-file form, which asks for
 * the customer here.
 */
function Form({ record, onDone }: FormPageProps) {
  return <RecordForm record={record} onDone={onDone} />;
}

export default resourceScreen(customerRecords, {
  form: Form,
  cells: {
    customer_name: (value, row) => <Link to={`${archiveDetailPath(String(row.archive_id))}&tab=${String(row.kind)}`}>{String(value)}</Link>,
    person: (value, row) => String(row.person_name ?? value),
    complaint_id: (value) => (value ? <Link to={detailPath(Number(value))}>#{String(value)}</Link> : '—'),
  },
});
