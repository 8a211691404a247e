import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../api';
import { StatusDot } from '../shared/status';
import { EMS_STATUSES } from '../../../../contract/monitoring-constants';
import { countryLabel } from '../../../../contract/countries';

export interface Filters {
  sn?: string;
  name?: string;
  status?: string;
  countryCode?: string;
  installer?: string;
}

/** Search by S/N, name, status, country and installer (spec). */
export function SystemFilters({ value, onChange }: { value: Filters; onChange: (filters: Filters) => void }) {
  const { t, i18n } = useTranslation('monitoring');
  const [form] = Form.useForm<Filters>();
  // The countries of the systems in scope, for the country filter: asked for when the filter is first opened
  // (the list's first rows do not wait for every system's position); a country in the URL is named meanwhile.
  const [countriesWanted, setCountriesWanted] = useState(false);
  const positions = useQuery({
    queryKey: monitoringKeys.mapPositions(),
    queryFn: monitoringApi.mapPositions,
    enabled: countriesWanted,
  });
  const countries = useMemo(
    () =>
      [...new Set([...(positions.data ?? []).map((p) => p.country_code), ...(value.countryCode ? [value.countryCode] : [])])]
        .map((code) => ({ value: code, label: countryLabel(code, i18n.language) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [positions.data, value.countryCode, i18n.language],
  );

  // The URL may change the filters (a status card, back / forward): the fields follow, cleared ones too.
  useEffect(() => {
    form.setFieldsValue({
      sn: value.sn,
      name: value.name,
      status: value.status,
      countryCode: value.countryCode,
      installer: value.installer,
    });
  }, [form, value.sn, value.name, value.status, value.countryCode, value.installer]);

  return (
    <Form form={form} initialValues={value} onFinish={(v) => onChange({ ...v })} className="storage-filters">
      <Row gutter={[8, 0]}>
        <Col xs={12} lg={5}>
          <Form.Item name="sn">
            <Input allowClear placeholder={t('list.sn')} aria-label={t('list.sn')} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={5}>
          <Form.Item name="name">
            <Input allowClear placeholder={t('list.name')} aria-label={t('list.name')} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={4}>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('list.status')}
              aria-label={t('list.status')}
              options={[...EMS_STATUSES, 'unknown' as const].map((s) => ({
                value: s,
                label: (
                  <span>
                    <StatusDot status={s === 'unknown' ? null : s} size={8} /> {t(`status.${s}`)}
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} lg={4}>
          <Form.Item name="countryCode">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('list.country')}
              aria-label={t('list.country')}
              options={countries}
              loading={positions.isFetching}
              onFocus={() => setCountriesWanted(true)}
              onOpenChange={(open) => open && setCountriesWanted(true)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} lg={4}>
          <Form.Item name="installer">
            <Input allowClear placeholder={t('list.installer')} aria-label={t('list.installer')} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={2}>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
              {t('list.search')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
