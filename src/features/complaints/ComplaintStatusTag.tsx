import { WorkflowStateTag } from '../../resources/workflow/WorkflowStateTag';
import { useStatusLabel } from './audience';
import { COMPLAINT_WORKFLOW } from './declaration';

/** A complaint's status as a tag coloured by its category, in the reader's wording (customer or staff). */
export function ComplaintStatusTag({ status }: { status: unknown }) {
  const labelOf = useStatusLabel();
  return <WorkflowStateTag declaration={COMPLAINT_WORKFLOW} state={status} labelOf={labelOf} />;
}
