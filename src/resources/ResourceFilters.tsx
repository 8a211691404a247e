import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import type { FormProps } from 'antd';
import { Badge, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterKindOf, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { useScreens } from '../ui/useScreens';
import { DateRangeInput, FieldInput } from './FieldInput';
import { fieldLabel } from './labels';

/** How many filters are set: empty values and empty lists do not count. */
function countSet(filters: Record<string, unknown>): number {
  return Object.values(filters).filter((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)).length;
}

/**
 * On a phone the filters fold away behind a button (they would fill the screen), unless one is set; the button
 * counts the filters set. On a wider screen they always show.
 */
export function useFiltersFold(filterCount: number, currentFilters: Record<string, unknown>) {
  const screens = useScreens();
  const [open, setOpen] = useState<boolean>();
  const active = countSet(currentFilters);
  const phone = screens.md === false;
  const shown = filterCount > 0 && (!phone || (open ?? active > 0));
  return { foldable: phone && filterCount > 0, shown, active, toggle: () => setOpen(!shown) };
}

export function FiltersToggle({ fold }: { fold: ReturnType<typeof useFiltersFold> }) {
  const { t } = useTranslation();
  if (!fold.foldable) return null;
  return (
    <Badge count={fold.active} size="small">
      <Button icon={<FilterOutlined />} onClick={fold.toggle} aria-expanded={fold.shown} data-testid="resource-filters-toggle">
        {t('admin:list.filters')}
      </Button>
    </Badge>
  );
}

/** The filter form of the list: one input per filter field of the declaration; searching writes them to the URL. */
export function ResourceFilters({
  declaration,
  filterFields,
  searchFormProps,
  currentFilters,
}: {
  declaration: ResourceDeclaration;
  filterFields: [string, FieldDeclaration][];
  searchFormProps: FormProps;
  currentFilters: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Form
      {...searchFormProps}
      name={`${declaration.name}-filters`}
      layout="inline"
      className="resource-filters"
      initialValues={currentFilters}
    >
      {filterFields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={fieldLabel(declaration, name, t)}>
          {filterKindOf(field) === 'dateRange' ? (
            <DateRangeInput />
          ) : (
            <FieldInput declaration={declaration} name={name} field={field} filter />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Button htmlType="submit" icon={<SearchOutlined />} data-testid="resource-search">
          {t('admin:list.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
