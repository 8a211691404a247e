import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { isShown } from '../../resources/types';
import { renderValue } from './FieldValue';
import { fieldLabel } from './labels';
import type { ShowPageProps } from './screenTypes';

/** The generated show page in the drawer: every field the declaration shows, drawn by the screen's cells where given. */
export function ResourceShow({ declaration, record, cells }: ShowPageProps) {
  const { t } = useTranslation();
  const names = Object.entries(declaration.fields)
    .filter(([, f]) => !f.secret && (f.show ?? f.list ?? f.form) && isShown(f, record))
    .map(([n]) => n);
  return (
    <Descriptions column={1} bordered size="small">
      {names.map((name) => (
        <Descriptions.Item key={name} label={fieldLabel(declaration, name, t)}>
          {cells?.[name] ? cells[name]!(record[name], record) : renderValue(declaration, name, declaration.fields[name], record[name], t)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
