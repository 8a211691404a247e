import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../resources/types';
import { CitySelect, StateSelect } from '../features/reference/CountrySelect';
import { useCityOptions, useStateOptions } from '../features/reference/api';

interface Props {
  field: FieldDeclaration;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  formValues?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * The 'state' and 'city' widgets (resources/types.ts): pickers fed by the reference data of the country (and state)
 * the form holds. A cleared picker stores '' (an optional text field, as before the pickers). Where the data set
 * lists no city for the state, the city is typed. A value stored before the pickers that is not in the list is
 * shown as it is and kept until changed.
 */
export function PlaceInput({ field, value, onChange, disabled, id, formValues = {} }: Props) {
  const { t } = useTranslation();
  const country = text(formValues[field.place?.country ?? 'country']);
  const state = field.place?.state ? text(formValues[field.place.state]) : undefined;
  const states = useStateOptions(field.widget === 'city' ? country : undefined);
  const hasStates = states.options.length > 0;
  const cities = useCityOptions(field.widget === 'city' && !states.loading ? country : undefined, state, hasStates);
  const change = (next: unknown) => onChange?.(text(next) ?? '');

  if (field.widget === 'state') {
    return <StateSelect id={id} country={country} value={text(value)} onChange={change} disabled={disabled} style={{ width: '100%' }} />;
  }
  // No list for this state (or country): the city is typed, as the server then accepts any name.
  const typed =
    country !== undefined && (!hasStates || state !== undefined) && !states.loading && !cities.loading && cities.options.length === 0;
  if (typed) {
    return (
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        placeholder={t('admin:place.typeCity')}
        maxLength={100}
      />
    );
  }
  return (
    <CitySelect
      id={id}
      country={country}
      state={state}
      hasStates={hasStates || states.loading}
      value={text(value)}
      onChange={change}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
