import type { TFunction } from 'i18next';
import type { ResourceDeclaration } from '../../resources/types';

export const fieldLabel = (d: ResourceDeclaration, field: string, t: TFunction) => t(`${d.namespace}:${d.name}.fields.${field}`);

export const optionLabel = (d: ResourceDeclaration, field: string, value: string, t: TFunction) => {
  if (field === 'roles' || field === 'recipient_value') return t(`common:role.${value}`, { defaultValue: value });
  return t(`${d.namespace}:${d.name}.options.${field}.${value}`, { defaultValue: value });
};

/** The screen title: the menu title of the route, or the resource's own title when it has no menu entry. */
export const resourceTitle = (d: ResourceDeclaration, t: TFunction) =>
  t(`menu:${d.name}`, { defaultValue: t(`${d.namespace}:${d.name}.title`) });
