import { ClearOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { complaints, COMPLAINT_PRIORITIES, COMPLAINT_STATES, COMPLAINT_TYPES } from '../../../resources/complaints';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { SLA_FILTERS } from '../../../contract/complaint-clocks';
import { statesOf, useAudience, useStatusLabel } from './audience';
import type { ListSearch } from './listSearch';

/**
 * The list's filters: words (of the title, description, S/N or messages), the S/N, a status (of the chosen category),
 * type, priority and, for staff, the service time (due / overdue). Each
 * change is written to the URL at once (the text ones when the user confirms them with Enter or the button).
 */
export function ComplaintFilters({ search, update }: { search: ListSearch; update: (change: Partial<ListSearch>) => void }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const staff = useAudience() === 'staff';
  const label = (field: string) => fieldLabel(complaints, field, t);
  const options = (field: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: optionLabel(complaints, field, value, t) }));
  const states = search.category ? statesOf(search.category) : COMPLAINT_STATES;
  // Two statuses may read the same to a customer (verifying, to be verified): one entry each, by label.
  const statusOptions = states.map((value) => ({ value, label: statusLabel(value) }));
  const filtered = Boolean(search.status || search.type || search.priority || search.sn || search.q || search.sla);

  return (
    <div className="complaint-filters" data-testid="complaint-filters">
      <Input.Search
        key={`q-${search.q ?? ''}`}
        className="complaint-filter-wide"
        defaultValue={search.q}
        placeholder={t('complaints:list.searchTitle')}
        aria-label={t('complaints:list.searchTitle')}
        allowClear
        onSearch={(q) => update({ q: q.trim() || undefined })}
        data-testid="complaint-search"
      />
      <Input.Search
        key={`sn-${search.sn ?? ''}`}
        defaultValue={search.sn}
        placeholder={label('sys_sn')}
        aria-label={label('sys_sn')}
        allowClear
        onSearch={(sn) => update({ sn: sn.trim() || undefined })}
        data-testid="complaint-sn"
      />
      <Select
        value={search.status}
        placeholder={label('status')}
        aria-label={label('status')}
        allowClear
        options={statusOptions}
        onChange={(status) => update({ status })}
        data-testid="complaint-status"
      />
      <Select
        value={search.type}
        placeholder={label('type')}
        aria-label={label('type')}
        allowClear
        options={options('type', COMPLAINT_TYPES)}
        onChange={(type) => update({ type })}
        data-testid="complaint-type"
      />
      <Select
        value={search.priority}
        placeholder={label('priority')}
        aria-label={label('priority')}
        allowClear
        options={options('priority', COMPLAINT_PRIORITIES)}
        onChange={(priority) => update({ priority })}
        data-testid="complaint-priority"
      />
      {staff && (
        <Select
          value={search.sla}
          placeholder={label('sla')}
          aria-label={label('sla')}
          allowClear
          options={options('sla', SLA_FILTERS)}
          onChange={(sla) => update({ sla })}
          data-testid="complaint-sla"
        />
      )}
      {filtered && (
        <Button
          icon={<ClearOutlined />}
          onClick={() => update({ status: undefined, type: undefined, priority: undefined, sn: undefined, q: undefined, sla: undefined })}
        >
          {t('complaints:list.clearFilters')}
        </Button>
      )}
    </div>
  );
}
