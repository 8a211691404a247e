import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A fault's description in the user's language: the translation of its code (`monitoring:faults.<code>`),
 * or the device's own text for a code the portal does not know.
 */
export function useFaultText(): (fault: { code: string; description: string }) => string {
  const { t } = useTranslation('monitoring');
  return useCallback(
    (fault) => (/^[A-Za-z0-9_-]+$/.test(fault.code) ? t(`faults.${fault.code}`, { defaultValue: fault.description }) : fault.description),
    [t],
  );
}
