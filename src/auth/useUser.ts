import { useSyncExternalStore } from 'react';
import { session, type UserInfo } from '../api/session';

let lastRaw: string | null = null;
let lastUser: UserInfo | null = null;

function snapshot(): UserInfo | null {
  const user = session.getUserInfo();
  const raw = user ? JSON.stringify(user) : null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastUser = user;
  }
  return lastUser;
}

/** The stored user (re-renders when it changes). */
export function useUser(): UserInfo | null {
  return useSyncExternalStore(session.subscribe, snapshot, () => null);
}
