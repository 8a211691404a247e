import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { faultTitle } from '../../../../contract/fault-codes';

/** A fault's title in the user's language: the catalogue's (contract/fault-codes.ts), or the device's own words. */
export function useFaultText(): (fault: { code: string; description: string }) => string {
  const { t } = useTranslation();
  return useCallback((fault) => faultTitle(t, fault), [t]);
}
