import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS, stateLabel, type WorkflowResource } from './labels';

/** A record's state in the list, on its phone card and on the show page: its name, coloured by its category (or its own colour). */
export function WorkflowStateTag({ declaration, state }: { declaration: WorkflowResource; state: unknown }) {
  const { t } = useTranslation();
  const declared = declaration.workflow.states[String(state)];
  const category = declared?.category;
  return (
    <Tag
      color={declared?.color ?? (category ? CATEGORY_COLORS[category] : undefined)}
      data-testid="workflow-state"
      data-category={category}
    >
      {stateLabel(declaration, String(state), t)}
    </Tag>
  );
}
