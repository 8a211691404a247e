import type { TFunction } from 'i18next';
import type { ResourceDeclaration } from '../../resources/types';

export const fieldLabel = (d: ResourceDeclaration, field: string, t: TFunction) => t(`${d.namespace}:${d.name}.fields.${field}`);

export const optionLabel = (d: ResourceDeclaration, field: string, value: string, t: TFunction) => {
  if (field === 'roles' || field === 'recipient_value') return t(`common:role.${value}`, { defaultValue: value });
  return t(`${d.namespace}:${d.name}.options.${field}.${value}`, { defaultValue: value });
};
