import { Rate, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { useTranslation } from 'react-i18next';
import { countryLabel } from '../../contract/countries';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { currentLanguage } from '../i18n';
import { BreakableIdentifier } from '../ui/BreakableIdentifier';
import { formatFor } from '../i18n/format';
import { AttachmentLinks } from './attachments';
import { optionLabel } from './labels';
import { useOptions } from './useOptions';

/** A field's value as the list, the show page and a read-only form line show it, by its declaration. */
export function renderValue(
  declaration: ResourceDeclaration,
  name: string,
  field: FieldDeclaration | undefined,
  value: unknown,
  t: ReturnType<typeof useTranslation>['t'],
): ReactNode {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (field?.widget === 'rating' && typeof value === 'number') return <Rate disabled value={value} />;
  if (field?.widget === 'datetime') return formatFor(currentLanguage()).dateTime(String(value));
  if (field?.widget === 'date') return formatFor(currentLanguage()).date(String(value));
  if (field?.attachments) return <AttachmentLinks declaration={declaration} value={value} />;
  if (typeof value === 'boolean')
    return value ? (
      <Tag color={name === 'locked' || name === 'hidden' ? 'red' : 'green'}>{t('admin:common.yes')}</Tag>
    ) : (
      <Tag>{t('admin:common.no')}</Tag>
    );
  if (Array.isArray(value)) return value.map((v) => <Tag key={String(v)}>{optionLabel(declaration, name, String(v), t)}</Tag>);
  if (typeof value === 'object') return <pre className="resource-json">{JSON.stringify(value, null, 2)}</pre>;
  if (field?.relation && field.relation.labelField !== field.relation.valueField)
    return <RelationLabel declaration={declaration} name={name} field={field} value={String(value)} />;
  if (field?.widget === 'country') return countryLabel(String(value), currentLanguage());
  if (field?.widget === 'email') return <BreakableIdentifier text={String(value)} kind="email" />;
  if (field?.options && field.colors)
    return <Tag color={field.colors[String(value)]}>{optionLabel(declaration, name, String(value), t)}</Tag>;
  if (field?.options) return optionLabel(declaration, name, String(value), t);
  return String(value);
}

/** A related record by its label (e.g. a category's name for its code), from the options the filter loads too. */
function RelationLabel({
  declaration,
  name,
  field,
  value,
}: {
  declaration: ResourceDeclaration;
  name: string;
  field: FieldDeclaration;
  value: string;
}) {
  const { options } = useOptions(declaration, name, field);
  return <>{options.find((o) => String(o.value) === value)?.label ?? value}</>;
}
