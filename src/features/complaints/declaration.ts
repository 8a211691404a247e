import { complaints } from '../../../resources/complaints';
import type { FieldDeclaration } from '../../../resources/types';
import type { WorkflowResource } from '../../resources/workflow/labels';

/** The complaint's declaration as the engine's workflow parts take it. */
export const COMPLAINT_WORKFLOW = complaints as WorkflowResource;

/** Its fields by name, for the screens that pick them by a name of their own lists. */
export const COMPLAINT_FIELDS: Readonly<Record<string, FieldDeclaration>> = complaints.fields;
