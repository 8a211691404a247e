import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerArchives } from '../../../resources/customerArchives';
import { renderValue } from '../../resources/FieldValue';
import type { Row } from '../../resources/screenTypes';
import { useStateOptions } from '../reference/api';

/** A state by its name in the data set (GetStatecode); a value stored before the picker as it was typed. */
function StateName({ country, code }: { country: unknown; code: unknown }) {
  const value = typeof code === 'string' ? code : '';
  const { options } = useStateOptions(value && typeof country === 'string' ? country : undefined);
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return <>{options.find((o) => o.value === value.toUpperCase())?.label ?? value}</>;
}

/** The file's basic info (spec §3 'Customer file'), in three groups: the customer, the installer, the system. */
const GROUPS = {
  customer: ['name', 'contact', 'phone', 'email', 'address', 'area', 'country', 'state', 'city', 'postcode', 'remarks', 'complaint_count'],
  installer: ['installer_company', 'installer_contact', 'installer_phone', 'installer_email', 'installer_address', 'installer_remark'],
  system: ['license', 'sys_sn', 'inverter_sn', 'battery_model', 'username', 'created_by'],
} as const;

export function ArchiveInfo({ archive }: { archive: Row }) {
  const { t } = useTranslation();
  return (
    <>
      {Object.entries(GROUPS).map(([group, names]) => (
        <Descriptions
          key={group}
          title={t(`archives:customerArchives.sections.${group}`)}
          column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
          size="small"
          bordered
          className="archive-info-group"
        >
          {names.map((name) => (
            <Descriptions.Item key={name} label={t(`archives:customerArchives.fields.${name}`)}>
              {name === 'username' && archive.username ? (
                <Tag color="blue">{String(archive.username)}</Tag>
              ) : name === 'state' ? (
                <StateName country={archive.country} code={archive.state} />
              ) : (
                renderValue(customerArchives, name, customerArchives.fields[name], archive[name], t)
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ))}
    </>
  );
}
