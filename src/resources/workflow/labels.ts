import type { TFunction } from 'i18next';
import type { ResourceDeclaration } from '../../../resources/types';
import { stateFieldOf, type StateCategory, type WorkflowDeclaration } from '../../../resources/workflow';
import { optionLabel } from '../labels';

/** A declaration that has a workflow. */
export type WorkflowResource = ResourceDeclaration & { workflow: WorkflowDeclaration };

/** A state's name: the option label of the state field (resources/workflow.ts), the value itself when there is none. */
export const stateLabel = (d: WorkflowResource, state: string, t: TFunction) => optionLabel(d, stateFieldOf(d.workflow), state, t);

/** An action's button text and modal title: `<namespace>:<name>.actions.<action>`. */
export const actionLabel = (d: WorkflowResource, action: string, t: TFunction) =>
  t(`${d.namespace}:${d.name}.actions.${action}`, { defaultValue: action });

/** Tag colours (antd presets) by category: open = someone has to act, paused = waiting on the other side, resolved = done. */
export const CATEGORY_COLORS: Readonly<Record<StateCategory, string>> = { open: 'processing', paused: 'warning', resolved: 'success' };
