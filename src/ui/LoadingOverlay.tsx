import { Spin } from 'antd';
import { useSyncExternalStore } from 'react';
import { loadingOverlay } from '../api/loading';

/** The full-screen overlay of calls sent with `showLoading` (spec §7). */
export function LoadingOverlay() {
  const visible = useSyncExternalStore(loadingOverlay.subscribe, loadingOverlay.isVisible, () => false);
  return visible ? <Spin fullscreen spinning data-testid="loading-overlay" /> : null;
}
