import { useCustom } from '@refinedev/core';
import { Divider, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { idFieldOf } from '../../../resources/types';
import { endpointsOf } from '../../../resources/endpoints';
import { resourceKeys } from '../api';
import { type WorkflowResource } from './labels';
import { WorkflowActions } from './WorkflowActions';
import type { HistoryEntry } from '../../../resources/endpoints';
import { WorkflowHistory } from './WorkflowHistory';
import './workflow.css';

/**
 * The workflow part of a record's show page (src/resources/ResourceScreen.tsx mounts it for a declaration with
 * a workflow): the actions the user may take now, then the history. After an action both are read again (the
 * modal invalidates the history; the screen reads the record again).
 */
export function WorkflowPanel({
  declaration,
  record,
  onChanged,
}: {
  declaration: WorkflowResource;
  record: Record<string, unknown>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const id = record[idFieldOf(declaration)];
  const { query, result } = useCustom<{ data: HistoryEntry[]; dataCount: number }>({
    url: endpointsOf(declaration).history!.path,
    method: 'post',
    config: { payload: { id } },
    queryOptions: { queryKey: resourceKeys.workflowHistory(declaration.name, id), retry: false },
    errorNotification: false,
  });
  return (
    <div className="workflow-panel" data-testid="workflow-panel">
      <WorkflowActions declaration={declaration} record={record} onChanged={onChanged} />
      <Divider orientation="left" orientationMargin={0}>
        {t('admin:workflow.history')}
      </Divider>
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <Typography.Text type="danger">{query.error?.message}</Typography.Text>
      ) : (
        <WorkflowHistory declaration={declaration} entries={result.data?.data ?? []} />
      )}
    </div>
  );
}
