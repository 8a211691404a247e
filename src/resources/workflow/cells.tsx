import type { ReactNode } from 'react';
import type { ResourceDeclaration } from '../../../resources/types';
import { stateFieldOf } from '../../../resources/workflow';
import { WorkflowStateTag } from './WorkflowStateTag';

/** The generated screen's cell for a workflow's state field (a tag coloured by category); none without a workflow. */
export function workflowCells(declaration: ResourceDeclaration): Record<string, (value: unknown) => ReactNode> {
  const { workflow } = declaration;
  if (!workflow) return {};
  return { [stateFieldOf(workflow)]: (value) => <WorkflowStateTag declaration={{ ...declaration, workflow }} state={value} /> };
}

/** The state field of a declaration's workflow, if it has one (the phone card shows it as its status tag). */
export function stateFieldName(declaration: ResourceDeclaration): string | undefined {
  return declaration.workflow ? stateFieldOf(declaration.workflow) : undefined;
}
