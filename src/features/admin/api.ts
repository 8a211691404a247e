import type { Envelope, Page } from '../../../contract/codes';
import { api } from '../../api/client';
import type { MenuOverrides } from '../../routing/menu';

/**
 * The administration calls that are not a declared resource's list / one / save / delete (those go through the
 * Refine data provider): user actions, roles, translations, licenses, the S/N import, the menu overrides. The
 * caller's own profile and password are the account area's (src/features/account/api.ts).
 * They answer the envelope, since each screen shows a refused call where it belongs (on a field, in a modal);
 * codes a screen does not handle are shown by the /api client unless the call is quiet.
 */

/** What ties a user to the records (server/admin/users/history.ts). */
export interface UserHistory {
  systems: number;
  sessions: number;
  logRows: number;
  shares: number;
  licenses: number;
}

export interface RoleRow {
  role: string;
  description: string;
  available: string[];
  menus: string[];
}

export const LANGS = ['en', 'zh', 'de', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

export interface TranslationRow extends Record<Lang, string> {
  id: string;
  namespace: string;
  key: string;
  overridden: Lang[];
}

export interface TranslationFilters {
  namespace?: string;
  key?: string;
  text?: string;
}

/** One text of one key in one language. */
export interface TranslationText {
  language: Lang;
  namespace: string;
  key: string;
  value: string;
}

export interface SnImportResult {
  total: number;
  created: number;
  failed: number;
  rows: { row: number; sn: string; code: number; info: string }[];
}

export const adminApi = {
  lockUser: (id: unknown, locked: boolean) => api.post<null>('/User/LockUser', { id, locked }),
  resetUserPassword: (id: unknown) => api.post<{ password: string }>('/User/ResetUserPassword', { id }),
  userMenuPermissions: (id: unknown) => api.post<{ available: string[]; menuDenied: string[] }>('/User/GetUserMenuPermissions', { id }),
  saveUserMenuPermissions: (id: unknown, menuDenied: string[]) => api.post<null>('/User/SaveUserMenuPermissions', { id, menuDenied }),
  userHistory: (id: unknown) => api.post<{ history: UserHistory; deletable: boolean }>('/User/GetUserHistory', { id }),
  deleteUser: (id: unknown) => api.post<null>('/User/DeleteUser', { id }),
  /** Deactivated: login refused and sessions ended, history kept; false reactivates. */
  deactivateUser: (id: unknown, deactivated: boolean) => api.post<null>('/User/DeactivateUser', { id, deactivated }),

  roles: () => api.post<Page<RoleRow>>('/Role/GetRolePageList', {}),
  /** Quiet: the screen says a refusal itself. */
  saveRolePermissions: (role: string, menus: string[]) => api.post<null>('/Role/SaveRolePermissions', { role, menus }, { quiet: true }),

  translations: (filters: TranslationFilters, pageIndex: number, pageSize: number) =>
    api.post<Page<TranslationRow> & { namespaces: string[] }>('/Translation/GetTranslationPageList', { ...filters, pageIndex, pageSize }),
  saveTranslation: (text: TranslationText) => api.post<null>('/Translation/SaveTranslation', { ...text }),
  /** Quiet: 40 (key exists) and 55 (language) show on their field. */
  addTranslation: (text: TranslationText) => api.post<null>('/Translation/AddTranslation', { ...text }, { quiet: true }),
  resetTranslation: (text: Omit<TranslationText, 'value'>) => api.post<null>('/Translation/ResetTranslation', { ...text }),

  unassignLicense: (id: unknown) => api.post<null>('/License/UnassignLicense', { id }),

  /** An .xlsx of S/Ns, one row each (spec §5 import): the answer says per row what became of it. */
  importSn: async (file: Blob): Promise<Envelope<SnImportResult>> => {
    const body = new FormData();
    body.append('file', file);
    return api.post<SnImportResult>('/SN/ImportSn', body);
  },

  /** The sidebar's reshaping by menuManagement; quiet: without it the route table applies as shipped. */
  menuOverrides: () => api.get<MenuOverrides>('/Menu/GetMenuOverrides', undefined, { quiet: true }),
};

/** The S/N import's template (an .xlsx download). */
export const SN_IMPORT_TEMPLATE = '/SN/GetSnImportTemplate';

const ALL = ['admin'] as const;

/** The react-query keys of the administration calls read through useQuery; a change invalidates through them. */
export const adminKeys = {
  all: ALL,
  roles: () => [...ALL, 'roles'] as const,
  /** Every page of the translations; with filters and page, one of them. */
  translations: (filters?: TranslationFilters, pageIndex?: number, pageSize?: number) =>
    filters === undefined ? ([...ALL, 'translations'] as const) : ([...ALL, 'translations', filters, pageIndex, pageSize] as const),
  /** Every user's menu overrides; with a user name, that user's (the sidebar keeps them per login). */
  menuOverrides: (username?: string) =>
    username === undefined ? ([...ALL, 'menuOverrides'] as const) : ([...ALL, 'menuOverrides', username] as const),
};
