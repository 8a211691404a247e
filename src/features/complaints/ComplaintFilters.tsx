import { ClearOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../contract/countries';
import {
  complaints,
  COMPLAINT_PRIORITIES,
  COMPLAINT_STATES,
  COMPLAINT_OUTCOMES,
  COMPLAINT_TEAMS,
  COMPLAINT_TYPES,
  MESSAGE_FILTERS,
} from '../../../resources/complaints';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { resourceApi, resourceKeys } from '../../resources/api';
import { SLA_FILTERS } from '../../../contract/complaints-constants';
import { statesOf, useAudience, useStatusLabel } from './audience';
import type { ListSearch } from './listSearch';

/**
 * The list's filters: words (of the title, description, S/N or messages), the S/N, a status (of the chosen category),
 * type, priority, country, the filing days, unread messages, the outcome (completed / reopened / rated at least once)
 * and, for staff, the handler, the team, the service time (due / overdue) and the installer company (a customer's
 * complaints have no colleague's name, team or installer worth searching by; an installer's are all their own). Each
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
    installer: undefined,
    outcome: undefined,
  };
  const filtered = (Object.keys(cleared) as (keyof ListSearch)[]).some((key) => search[key] !== undefined);
  /** A select filter of the search key `key`, labelled by the declared field `field`. */
  const selectFilter = (
    key: 'status' | 'type' | 'priority' | 'country' | 'messages' | 'team' | 'sla' | 'outcome',
    field: string,
    choices: { value: string; label: string }[],
    testId: string,
    searchable = false,
  ) => (
    <Select
      value={search[key]}
      placeholder={label(field)}
      aria-label={label(field)}
      allowClear
      {...(searchable ? { showSearch: true, optionFilterProp: 'label' } : {})}
      options={choices}
      // The value is one of `choices`, which are the key's own values.
      onChange={(value: string | undefined) => update({ [key]: value } as Partial<ListSearch>)}
      data-testid={testId}
    />
  );
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
      {selectFilter('status', 'status', statusOptions, 'complaint-status')}
      {selectFilter('type', 'type', options('type', COMPLAINT_TYPES), 'complaint-type')}
      {selectFilter('priority', 'priority', options('priority', COMPLAINT_PRIORITIES), 'complaint-priority')}
      {selectFilter('country', 'country', countryOptions(i18n.language), 'complaint-country', true)}
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
      {selectFilter('messages', 'messages', options('messages', MESSAGE_FILTERS), 'complaint-messages')}
      {selectFilter('outcome', 'outcome', options('outcome', COMPLAINT_OUTCOMES), 'complaint-outcome')}
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
      {staff && selectFilter('team', 'team', options('team', COMPLAINT_TEAMS), 'complaint-filter-team')}
      {staff && selectFilter('sla', 'sla', options('sla', SLA_FILTERS), 'complaint-sla')}
      {staff && <InstallerFilter value={search.installer} update={update} />}
      {filtered && (
        <Button icon={<ClearOutlined />} onClick={() => update(cleared)}>
          {t('complaints:list.clearFilters')}
        </Button>
      )}
    </div>
  );
}

/**
 * Staff: the installer company whose systems' complaints are listed (the installer scorecard's links set it), by
 * name. The companies are read once the select is opened or a link named one, not on every visit of the list.
 */
function InstallerFilter({ value, update }: { value: number | undefined; update: (change: Partial<ListSearch>) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { listPath } = complaints.fields.installer_id!.relation!;
  const companies = useQuery({
    queryKey: resourceKeys.relationRows(listPath),
    enabled: opened || value !== undefined,
    staleTime: 30_000,
    queryFn: async () => {
      const envelope = await resourceApi.relationRows(listPath);
      return envelope.code === 200 ? envelope.data.data : [];
    },
  });
  const label = fieldLabel(complaints, 'installer_id', t);
  return (
    <Select
      value={value}
      placeholder={label}
      aria-label={label}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={companies.isLoading}
      onOpenChange={(open) => open && setOpened(true)}
      options={(companies.data ?? []).map((row) => ({ value: Number(row.id), label: String(row.name) }))}
      onChange={(installer: number | undefined) => update({ installer })}
      data-testid="complaint-installer"
    />
  );
}
