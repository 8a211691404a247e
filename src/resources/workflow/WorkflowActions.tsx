import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityOf, idFieldOf } from '../../../resources/types';
import { permissionOf, stateFieldOf, transitionsFrom, type WorkflowTransition } from '../../../resources/workflow';
import { currentAbility } from '../../auth/ability';
import { actionLabel, type WorkflowResource } from './labels';
import { TransitionModal } from './TransitionModal';

/**
 * The actions a user may take on a record now: those leaving its current state whose CASL action the user
 * holds on the declaration's entity. Each opens its modal. The server keeps its own check of both.
 */
export function WorkflowActions({
  declaration,
  record,
  onChanged,
  noteHint,
}: {
  declaration: WorkflowResource;
  record: Record<string, unknown>;
  onChanged: () => void;
  /** Who reads a transition's note, said under it (TransitionModal's noteHint). */
  noteHint?: (transition: WorkflowTransition) => string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<WorkflowTransition>();
  const entity = entityOf(declaration);
  const state = record[stateFieldOf(declaration.workflow)];
  const possible = transitionsFrom(declaration.workflow, state).filter((transition) =>
    currentAbility().can(permissionOf(transition), entity),
  );
  // One who may take the fuller action is offered that one only (who may archive is not offered 'request archive').
  const allowed = possible.filter(({ supersededBy }) => !possible.some(({ action }) => action === supersededBy));
  if (allowed.length === 0) return null;
  return (
    <>
      <Space wrap data-testid="workflow-actions">
        {allowed.map((transition, index) => (
          <Button
            key={transition.action}
            type={index === 0 ? 'primary' : 'default'}
            onClick={() => setOpen(transition)}
            data-testid={`workflow-action-${transition.action}`}
          >
            {actionLabel(declaration, transition.action, t)}
          </Button>
        ))}
      </Space>
      {open && (
        <TransitionModal
          declaration={declaration}
          transition={open}
          recordId={record[idFieldOf(declaration)]}
          record={record}
          noteHint={noteHint?.(open)}
          onClose={() => setOpen(undefined)}
          onChanged={onChanged}
        />
      )}
    </>
  );
}
