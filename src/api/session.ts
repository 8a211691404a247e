/**
 * The browser session (spec §3 Session, §4 Persistence), kept in localStorage so a reload keeps the user
 * logged in. Other parts subscribe to changes (the layout opens the login dialog when the session goes).
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshTokenKey: 'refreshTokenKey',
  userName: 'userName',
  userInfo: 'userInfo',
  language: 'language',
  sidebar: 'sidebarStatue',
  listPageSize: 'listPageSize',
} as const;

/** Rows per page of the generated lists when the user chose none (a staff member chooses in their settings). */
export const DEFAULT_LIST_PAGE_SIZE = 10;

export interface UserInfo {
  username: string;
  /** The name to greet the user by (display name, else user name); absent in a session stored before it existed. */
  name?: string;
  email: string;
  roles: string[];
  country: string;
  languageCode: string;
  menuDenied: string[];
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** True after a deliberate logout (no 'session ended' dialog for that), false again at the next login. */
let endedOnPurpose = false;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the session lives for this page only
  }
}

function emit() {
  for (const listener of [...listeners]) listener();
}

export const session = {
  getToken: () => read(STORAGE_KEYS.token),
  getRefreshTokenKey: () => read(STORAGE_KEYS.refreshTokenKey),
  getUserName: () => read(STORAGE_KEYS.userName),
  setTokens(accessToken: string, refreshTokenKey: string) {
    write(STORAGE_KEYS.token, accessToken);
    write(STORAGE_KEYS.refreshTokenKey, refreshTokenKey);
    endedOnPurpose = false;
    emit();
  },
  setUserName(name: string) {
    write(STORAGE_KEYS.userName, name);
  },
  getUserInfo(): UserInfo | null {
    const raw = read(STORAGE_KEYS.userInfo);
    if (!raw) return null;
    try {
      const info = JSON.parse(raw) as UserInfo;
      return info && Array.isArray(info.roles) ? info : null;
    } catch {
      return null;
    }
  },
  setUserInfo(info: UserInfo) {
    write(STORAGE_KEYS.userInfo, JSON.stringify(info));
    emit();
  },
  /**
   * Rows per page of a list: a staff member's choice (OtherRoleUserSetting pageSize), kept at login; without one,
   * the list's own default.
   */
  getListPageSize(fallback: number = DEFAULT_LIST_PAGE_SIZE): number {
    const size = Number(read(STORAGE_KEYS.listPageSize));
    return Number.isInteger(size) && size > 0 && size <= 100 ? size : fallback;
  },
  setListPageSize(size: number | null) {
    write(STORAGE_KEYS.listPageSize, size === null ? null : String(size));
  },
  /** Only the access token (spec §4: a failed user-info load clears the token). */
  clearToken() {
    write(STORAGE_KEYS.token, null);
    emit();
  },
  /** Spec §4, code 102: token, refresh key, roles, name, country and email. */
  clear() {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.refreshTokenKey, null);
    write(STORAGE_KEYS.userInfo, null);
    write(STORAGE_KEYS.userName, null);
    write(STORAGE_KEYS.listPageSize, null);
    emit();
  },
  /** Logout: the session and everything else in local storage. */
  clearAll() {
    endedOnPurpose = true;
    try {
      localStorage.clear();
    } catch {
      // nothing stored
    }
    emit();
  },
  isLoggedIn: () => !!read(STORAGE_KEYS.token),
  endedOnPurpose: () => endedOnPurpose,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
