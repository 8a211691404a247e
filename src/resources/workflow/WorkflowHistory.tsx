import { Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatFor } from '../../i18n/format';
import { fieldLabel, optionLabel } from '../labels';
import { actionLabel, CATEGORY_COLORS, type WorkflowResource } from './labels';
import { WorkflowStateTag } from './WorkflowStateTag';
import type { HistoryEntry } from '../../../resources/endpoints';

/** Timeline dot colours by the category of the state reached (antd Timeline takes colour names, not tag presets). */
const DOT_COLORS = { [CATEGORY_COLORS.open]: 'blue', [CATEGORY_COLORS.paused]: 'orange', [CATEGORY_COLORS.resolved]: 'green' } as Record<
  string,
  string
>;

/**
 * The record's transitions, newest first: the action, from → to, who and when (in the reader's language), the note
 * and the fields given. `labelOf` names the states for a reader with a wording of their own (WorkflowStateTag).
 */
export function WorkflowHistory({
  declaration,
  entries,
  labelOf,
}: {
  declaration: WorkflowResource;
  entries: readonly HistoryEntry[];
  labelOf?: (state: string) => string;
}) {
  const { t } = useTranslation();
  const format = formatFor(currentLanguage());
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin:workflow.noHistory')} />;
  const transitionOf = (action: string) => declaration.workflow.transitions.find((tr) => tr.action === action);
  return (
    <Timeline
      data-testid="workflow-history"
      items={[...entries].reverse().map((entry) => {
        const category = declaration.workflow.states[entry.to_state]?.category;
        const declared = transitionOf(entry.action)?.fields ?? {};
        const given = Object.entries(entry.fields ?? {});
        return {
          key: entry.id,
          color: category ? DOT_COLORS[CATEGORY_COLORS[category]] : 'gray',
          children: (
            <div data-testid="workflow-history-entry">
              <Space size={4} wrap>
                <Typography.Text strong>{actionLabel(declaration, entry.action, t)}</Typography.Text>
                <WorkflowStateTag declaration={declaration} state={entry.from_state} labelOf={labelOf} />
                {/* The arrow stays with the state it leads to when the line wraps on a phone. */}
                <span className="workflow-to">
                  <span aria-label={t('admin:workflow.to')}>→ </span>
                  <WorkflowStateTag declaration={declaration} state={entry.to_state} labelOf={labelOf} />
                </span>
              </Space>
              <div>
                <Typography.Text type="secondary">
                  {t('admin:workflow.byAt', { user: entry.username, at: format.dateTime(entry.created_at) })}
                </Typography.Text>
              </div>
              {entry.note && <Typography.Paragraph className="workflow-note">{entry.note}</Typography.Paragraph>}
              {given.length > 0 && (
                <Descriptions size="small" column={1} className="workflow-fields">
                  {given.map(([name, value]) => (
                    <Descriptions.Item key={name} label={fieldLabel(declaration, name, t)}>
                      {typeof value === 'number'
                        ? format.number(value)
                        : typeof value === 'boolean'
                          ? t(value ? 'admin:common.yes' : 'admin:common.no')
                          : declared[name]?.options
                            ? optionLabel(declaration, name, String(value), t)
                            : String(value ?? '')}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
