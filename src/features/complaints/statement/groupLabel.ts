import type { TFunction } from 'i18next';
import { STATEMENT_NONE, type StatementGroup } from '../../../../contract/complaints-constants';

/** A statement group's value as the reader reads it: a type or team by name, a country or model as it is. */
export function groupLabel(t: TFunction, groupBy: StatementGroup | null, group: string | null): string {
  if (group === null) return t('complaints:statement.total');
  if (groupBy === 'team') return t(`complaints:statement.teams.${group}`, { defaultValue: group });
  if (group === STATEMENT_NONE) return t('complaints:statement.none');
  if (groupBy === 'type') return t(`complaints:customerComplaintList.options.type.${group}`, { defaultValue: group });
  return group;
}
