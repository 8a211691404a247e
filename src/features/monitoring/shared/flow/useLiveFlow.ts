import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ALL_SN } from '../../../../../contract/monitoring-constants';
import type { PowerFlow } from '../../../../../contract/monitoring';
import { monitoringApi, monitoringKeys } from '../../api';

/** How often the live power flow asks for the newest sample while it is on screen. */
export const LIVE_SAMPLE_MS = 5_000;

function onVisibilityChange(notify: () => void) {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
}

/** Whether the page is visible (not a background tab, not a minimised window). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    onVisibilityChange,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * The power flow to draw: one system's newest sample (GetSecondDataBySn), asked every few seconds while the page is
 * visible and the view mounted, else `fallback` (the summary's, asked once a minute; 'All' has no sample of its own).
 * A hidden page asks nothing: a tab left open all day would otherwise poll all day.
 */
export function useLiveFlow(sn: string, fallback: PowerFlow | undefined): PowerFlow | undefined {
  const visible = usePageVisible();
  const live = useQuery({
    queryKey: monitoringKeys.liveSample(sn),
    queryFn: () => monitoringApi.liveSample(sn),
    enabled: visible && sn !== ALL_SN,
    refetchInterval: LIVE_SAMPLE_MS,
    staleTime: LIVE_SAMPLE_MS,
  });
  const sample = live.data;
  // The summary may have a newer sample than the last poll (it was asked later): the newer one is drawn.
  if (!sample || (fallback?.ts && sample.ts && fallback.ts > sample.ts)) return fallback;
  return sample;
}
