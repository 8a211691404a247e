import { session, STORAGE_KEYS } from './session';

/** Another tab logging out (or in) changes our session too: forward those storage events. */
export function watchOtherTabs(onChange: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', handler);
  const unsubscribe = session.subscribe(onChange);
  return () => {
    window.removeEventListener('storage', handler);
    unsubscribe();
  };
}
