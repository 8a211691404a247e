import { useSyncExternalStore } from 'react';

/**
 * Spec §3 UI state 'message-read flag', §4: raised when the user read or deleted notifications (here, on
 * /Notifications, or in the bell's list); the unread list of the top bar reloads whenever it is raised.
 */
let flag = 0;
const listeners = new Set<() => void>();

export function raiseReadFlag(): void {
  flag += 1;
  for (const listener of listeners) listener();
}

export function useReadFlag(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => flag,
  );
}
