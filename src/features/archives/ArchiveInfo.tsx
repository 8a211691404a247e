import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerArchives } from '../../../resources/customerArchives';
import { renderValue } from '../../resources/FieldValue';
import type { Row } from '../../resources/screenTypes';

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
