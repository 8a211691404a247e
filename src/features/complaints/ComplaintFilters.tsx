import { ClearOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../contract/countries';
import {
  complaints,
  COMPLAINT_PRIORITIES,
  COMPLAINT_STATES,
  COMPLAINT_TEAMS,
  COMPLAINT_TYPES,
  MESSAGE_FILTERS,
} from '../../../resources/complaints';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { SLA_FILTERS } from '../../../contract/complaint-clocks';
import { statesOf, useAudience, useStatusLabel } from './audience';
import type { ListSearch } from './listSearch';

/**
 * The list's filters: words (of the title, description, S/N or messages), the S/N, a status (of the chosen category),
 * type, priority, country, the filing days, unread messages and, for staff, the handler, the team and the service time (due / overdue)
 * (a customer's complaints have no colleague's name or team worth searching by). Each
 * change is written to the URL at once (the text ones when the user confirms them with Enter or the button).
 */
export function ComplaintFilters({ search, update }: { search: ListSearch; update: (change: Partial<ListSearch>) => void }) {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const staff = useAudience() === 'staff';
  const label = (field: string) => fieldLabel(complaints, field, t);
  const options = (field: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: optionLabel(complaints, field, value, t) }));
  const states = search.category ? statesOf(search.category) : COMPLAINT_STATES;
  // Two statuses may read the same to a customer (verifying, to be verified): one entry each, by label.
  const statusOptions = states.map((value) => ({ value, label: statusLabel(value) }));
  const cleared: Partial<ListSearch> = {
    status: undefined,
    type: undefined,
    priority: undefined,
    sn: undefined,
    q: undefined,
    sla: undefined,
    messages: undefined,
    country: undefined,
    handler: undefined,
    team: undefined,
    from: undefined,
    to: undefined,
  };
  const filtered = (Object.keys(cleared) as (keyof ListSearch)[]).some((key) => search[key] !== undefined);
  const days: [Dayjs, Dayjs] | null = search.from && search.to ? [dayjs(search.from), dayjs(search.to)] : null;

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
      <Select
        value={search.country}
        placeholder={label('country')}
        aria-label={label('country')}
        allowClear
        showSearch
        optionFilterProp="label"
        options={countryOptions(i18n.language)}
        onChange={(country) => update({ country })}
        data-testid="complaint-country"
      />
      <DatePicker.RangePicker
        // Two dates do not fit one grid cell: it takes two, as the word search does.
        className="complaint-filter-wide"
        value={days}
        aria-label={label('created_at')}
        onChange={(range) =>
          update(
            range?.[0] && range[1]
              ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }
              : { from: undefined, to: undefined },
          )
        }
        data-testid="complaint-dates"
      />
      <Select
        value={search.messages}
        placeholder={label('messages')}
        aria-label={label('messages')}
        allowClear
        options={options('messages', MESSAGE_FILTERS)}
        onChange={(messages) => update({ messages })}
        data-testid="complaint-messages"
      />
      {staff && (
        <Input.Search
          key={`handler-${search.handler ?? ''}`}
          defaultValue={search.handler}
          placeholder={label('processor')}
          aria-label={label('processor')}
          allowClear
          onSearch={(handler) => update({ handler: handler.trim() || undefined })}
          data-testid="complaint-handler"
        />
      )}
      {staff && (
        <Select
          value={search.team}
          placeholder={label('team')}
          aria-label={label('team')}
          allowClear
          options={options('team', COMPLAINT_TEAMS)}
          onChange={(team) => update({ team })}
          data-testid="complaint-filter-team"
        />
      )}
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
        <Button icon={<ClearOutlined />} onClick={() => update(cleared)}>
          {t('complaints:list.clearFilters')}
        </Button>
      )}
    </div>
  );
}
