import { Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryLabel } from '../../../contract/countries';
import { complaints } from '../../../resources/complaints';
import { currentLanguage } from '../../i18n';
import { formatFor } from '../../i18n/format';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { actionLabel, CATEGORY_COLORS } from '../../resources/workflow/labels';
import type { HistoryEntry } from '../../../resources/endpoints';
import { WorkflowStateTag } from '../../resources/workflow/WorkflowStateTag';
import { COMPLAINT_FIELDS, COMPLAINT_WORKFLOW } from './declaration';
import { PersonName } from './people';

/** A history entry as the complaint's history answers it: who by display name too (server/complaints/visibility.ts). */
export type ComplaintHistoryEntry = HistoryEntry & { user_name?: string };

/** Entries that are events, not transitions (server/complaints/history.ts, urge.ts): they leave the status as it was. */
const EVENTS = ['file', 'edit', 'urge'];
/** The highest rating (resources/complaints.ts: 1-5 stars). */
const RATING_MAX = 5;

const DOT_COLORS: Record<string, string> = {
  [CATEGORY_COLORS.open]: 'blue',
  [CATEGORY_COLORS.paused]: 'orange',
  [CATEGORY_COLORS.resolved]: 'green',
};

/**
 * A complaint's life, newest first: its filing, each edit with what changed (old → new), each urge, and each
 * transition from → to with its fields and note; who (by name) and when, in the reader's language. What the customer
 * side may not read the server has already left out.
 */
export function ComplaintHistory({ entries, labelOf }: { entries: readonly ComplaintHistoryEntry[]; labelOf: (state: string) => string }) {
  const { t } = useTranslation();
  const format = formatFor(currentLanguage());
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin:workflow.noHistory')} />;

  const transitionOf = (action: string) => COMPLAINT_WORKFLOW.workflow.transitions.find((tr) => tr.action === action);
  const value = (name: string, given: unknown): ReactNode => {
    const field = transitionOf('archive')?.fields?.[name] ?? COMPLAINT_FIELDS[name];
    if (given === null || given === undefined || given === '' || (Array.isArray(given) && given.length === 0))
      return <Typography.Text type="secondary">{t('complaints:history.empty')}</Typography.Text>;
    // A rating is a whole number of stars out of five: '3 / 5', never '3.00'.
    if (field?.widget === 'rating' && typeof given === 'number')
      return t('complaints:history.rating', { value: format.number(given, 0), max: format.number(RATING_MAX, 0) });
    if (typeof given === 'number') return format.number(given, { digits: 2, trim: true });
    if (typeof given === 'boolean') return t(given ? 'admin:common.yes' : 'admin:common.no');
    if (Array.isArray(given)) return given.join(', ');
    if (field?.widget === 'country') return countryLabel(String(given), currentLanguage());
    if (field?.options) return optionLabel(complaints, name, String(given), t);
    return String(given);
  };
  const change = (name: string, given: unknown): ReactNode => {
    const { from, to } = (given ?? {}) as { from?: unknown; to?: unknown };
    return (
      <span className="complaint-change">
        {value(name, from)}
        <span aria-label={t('admin:workflow.to')}> → </span>
        {value(name, to)}
      </span>
    );
  };

  return (
    <Timeline
      data-testid="workflow-history"
      items={[...entries].reverse().map((entry) => {
        const event = EVENTS.includes(entry.action);
        const category = COMPLAINT_WORKFLOW.workflow.states[entry.to_state]?.category;
        const given = Object.entries(entry.fields ?? {});
        return {
          key: entry.id,
          color: event ? 'gray' : category ? DOT_COLORS[CATEGORY_COLORS[category]] : 'gray',
          children: (
            <div data-testid="workflow-history-entry" data-action={entry.action}>
              <Space size={4} wrap>
                <Typography.Text strong>{actionLabel(COMPLAINT_WORKFLOW, entry.action, t)}</Typography.Text>
                {!event && (
                  <>
                    <WorkflowStateTag declaration={COMPLAINT_WORKFLOW} state={entry.from_state} labelOf={labelOf} />
                    {/* The arrow stays with the state it leads to when the line wraps on a phone. */}
                    <span className="workflow-to">
                      <span aria-label={t('admin:workflow.to')}>→ </span>
                      <WorkflowStateTag declaration={COMPLAINT_WORKFLOW} state={entry.to_state} labelOf={labelOf} />
                    </span>
                  </>
                )}
              </Space>
              <div>
                <Typography.Text type="secondary">
                  <PersonName name={entry.user_name} username={entry.username} /> · {format.dateTime(entry.created_at)}
                </Typography.Text>
              </div>
              {entry.note && <Typography.Paragraph className="workflow-note">{entry.note}</Typography.Paragraph>}
              {given.length > 0 && (
                <Descriptions size="small" column={1} className="workflow-fields">
                  {given.map(([name, fieldValue]) => (
                    <Descriptions.Item key={name} label={fieldLabel(complaints, name, t)}>
                      {entry.action === 'edit' ? change(name, fieldValue) : value(name, fieldValue)}
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
