import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { relationLabel, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { useCountryOptions } from '../features/reference/api';
import { resourceApi, resourceKeys } from './api';
import { optionLabel } from './labels';

export interface Option {
  value: string | number | boolean;
  label: string;
}

/**
 * Select options of a field: its fixed choices (translated), yes/no for a switch, or the rows of its relation
 * (in a form, only those matching the form's values when the relation says so: relation.matching).
 */
export function useOptions(
  declaration: ResourceDeclaration,
  name: string,
  field: FieldDeclaration,
  formValues?: Record<string, unknown>,
): { options: Option[]; loading: boolean } {
  const { t, i18n } = useTranslation();
  const relation = field.relation;
  // Every country field of the portal picks from the reference data (/ESS/GetCountrycode), the code as value.
  const countries = useCountryOptions(field.widget === 'country');
  const query = useQuery({
    queryKey: resourceKeys.relationRows(relation?.listPath),
    enabled: !!relation,
    staleTime: 30_000,
    queryFn: async () => {
      const envelope = await resourceApi.relationRows(relation!.listPath);
      return envelope.code === 200 ? envelope.data.data : [];
    },
  });
  if (relation) {
    const matching = relation.matching;
    const wanted = matching && formValues ? [formValues[matching.formField]].flat() : undefined;
    const where = relation.where;
    const rows = (query.data ?? []).filter(
      (row) => (!wanted || wanted.includes(row[matching!.rowField])) && (!where || where.anyOf.includes(String(row[where.rowField]))),
    );
    return {
      loading: query.isLoading,
      // The label in the current language (a per-language labelField), re-read when the language changes. Numeric
      // keys stay numbers, so a stored id selects its option. Fixed choices beside a relation are values the
      // portal itself uses that no row holds (the account mails' categories), translated like any fixed choice.
      options: [
        ...rows.map((row) => {
          const value = row[relation.valueField];
          const label = relationLabel(relation, row, i18n.language);
          // A shipped row (seeded category…) in the reader's language; one users added, as they named it.
          return {
            value: typeof value === 'number' ? value : String(value),
            label: relation.labelKey ? t(`${relation.labelKey}.${String(value)}`, { defaultValue: label }) : label,
          };
        }),
        ...(field.options ?? []).map((value) => ({ value, label: optionLabel(declaration, name, value, t) })),
      ],
    };
  }
  if (field.widget === 'country') return countries;
  if (field.widget === 'switch') {
    return {
      loading: false,
      options: [
        { value: true, label: t('admin:common.yes') },
        { value: false, label: t('admin:common.no') },
      ],
    };
  }
  return { loading: false, options: (field.options ?? []).map((value) => ({ value, label: optionLabel(declaration, name, value, t) })) };
}
