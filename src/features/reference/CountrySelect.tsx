import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCityOptions, useCountryOptions, useStateOptions } from './api';

type Props = Omit<SelectProps<string>, 'options' | 'loading' | 'showSearch'>;

const search: SelectProps['filterOption'] = (input, option) =>
  String(option?.label ?? '')
    .toLocaleLowerCase()
    .includes(input.trim().toLocaleLowerCase());

/** The portal's one country picker: names in the current language, searchable, the ISO alpha-2 code as value. */
export function CountrySelect(props: Props) {
  const { t } = useTranslation();
  const { options, loading } = useCountryOptions();
  return (
    <Select
      showSearch
      allowClear
      placeholder={t('login:register.selectCountry')}
      {...props}
      loading={loading}
      options={options}
      filterOption={search}
      popupMatchSelectWidth
    />
  );
}

/** The states of `country` (disabled until one is chosen). */
export function StateSelect({ country, ...props }: Props & { country?: string }) {
  const { t } = useTranslation();
  const { options, loading } = useStateOptions(country);
  return (
    <Select
      showSearch
      allowClear
      placeholder={t('login:register.selectState')}
      {...props}
      disabled={props.disabled || !country || (!loading && options.length === 0)}
      loading={loading}
      options={options}
      filterOption={search}
    />
  );
}

/** The cities of the state (or of a country without states). */
export function CitySelect({ country, state, hasStates, ...props }: Props & { country?: string; state?: string; hasStates: boolean }) {
  const { t } = useTranslation();
  const { options, loading } = useCityOptions(country, state, hasStates);
  return (
    <Select
      showSearch
      allowClear
      placeholder={t('login:register.selectCity')}
      {...props}
      disabled={props.disabled || !country || (hasStates && !state) || (!loading && options.length === 0)}
      loading={loading}
      options={options}
      filterOption={search}
      virtual
    />
  );
}
