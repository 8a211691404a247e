import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS, stateLabel, type WorkflowResource } from './labels';

/**
 * A record's state in the list, on its phone card and on the show page: its name, coloured by its category (or its
 * own colour). `labelOf` names it for a reader with a wording of their own (a complaint's customer reads theirs).
 */
export function WorkflowStateTag({
  declaration,
  state,
  labelOf,
}: {
  declaration: WorkflowResource;
  state: unknown;
  labelOf?: (state: string) => string;
}) {
  const { t } = useTranslation();
  const declared = declaration.workflow.states[String(state)];
  const category = declared?.category;
  return (
    <Tag
      color={declared?.color ?? (category ? CATEGORY_COLORS[category] : undefined)}
      data-testid="workflow-state"
      data-category={category}
    >
      {labelOf ? labelOf(String(state)) : stateLabel(declaration, String(state), t)}
    </Tag>
  );
}
