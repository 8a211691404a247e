import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../../permissions/ability';
import { idFieldOf, subjectOf } from '../../../resources/types';
import { permissionOf, stateFieldOf, transitionsFrom, type WorkflowTransition } from '../../../resources/workflow';
import { canAccessKey } from '../../auth/ability';
import { actionLabel, type WorkflowResource } from './labels';
import { TransitionModal } from './TransitionModal';

/**
 * The actions a user may take on a record now: those leaving its current state whose CASL action the user
 * holds on the subject. Each opens its modal. The server keeps its own check of both.
 */
export function WorkflowActions({ declaration, record, onChanged }: { declaration: WorkflowResource; record: Record<string, unknown>; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<WorkflowTransition>();
  const subject = subjectOf(declaration);
  const state = record[stateFieldOf(declaration.workflow)];
  const allowed = transitionsFrom(declaration.workflow, state).filter((transition) => canAccessKey(subject, permissionOf(transition) as Action));
  if (allowed.length === 0) return null;
  return (
    <>
      <Space wrap data-testid="workflow-actions">
        {allowed.map((transition, index) => (
          <Button key={transition.action} type={index === 0 ? 'primary' : 'default'} onClick={() => setOpen(transition)} data-testid={`workflow-action-${transition.action}`}>
            {actionLabel(declaration, transition.action, t)}
          </Button>
        ))}
      </Space>
      {open && (
        <TransitionModal
          declaration={declaration}
          transition={open}
          recordId={record[idFieldOf(declaration)]}
          onClose={() => setOpen(undefined)}
          onChanged={onChanged}
        />
      )}
    </>
  );
}
