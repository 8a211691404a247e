import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { api } from '../api/client';
import type { Page } from '../shared/codes';
import { optionLabel } from './labels';

export interface Option {
  value: string | boolean;
  label: string;
}

/** Select options of a field: its fixed choices (translated), yes/no for a switch, or the rows of its relation. */
export function useOptions(declaration: ResourceDeclaration, name: string, field: FieldDeclaration): { options: Option[]; loading: boolean } {
  const { t } = useTranslation();
  const relation = field.relation;
  const query = useQuery({
    queryKey: ['resource-options', relation?.listPath],
    enabled: !!relation,
    staleTime: 30_000,
    queryFn: async () => {
      const envelope = await api.post<Page<Record<string, unknown>>>(relation!.listPath, { pageIndex: 1, pageSize: 1000 }, { quiet: true });
      return envelope.code === 200 ? envelope.data.data : [];
    },
  });
  if (relation) {
    const rows = query.data ?? [];
    return {
      loading: query.isLoading,
      options: rows.map((row) => ({ value: String(row[relation.valueField]), label: String(row[relation.labelField] ?? row[relation.valueField]) })),
    };
  }
  if (field.widget === 'switch') {
    return { loading: false, options: [{ value: true, label: t('admin:common.yes') }, { value: false, label: t('admin:common.no') }] };
  }
  return { loading: false, options: (field.options ?? []).map((value) => ({ value, label: optionLabel(declaration, name, value, t) })) };
}
