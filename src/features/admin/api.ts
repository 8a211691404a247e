import type { Envelope, Page } from '../../../contract/codes';
import { userInfoSettings } from '../../../resources/userInfoSettings';
import { api, http } from '../../api/client';

/**
 * The administration calls that are not a declared resource's list / one / save / delete (those go through the
 * Refine data provider): user actions, roles, translations, the own password and profile, the S/N import.
 * They answer the envelope, since each screen shows a refused call where it belongs (on a field, in a modal);
 * codes a screen does not handle are shown by the /api client unless the call is quiet.
 */

/** What ties a user to the records (server/admin/user-history.ts). */
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

export interface TimeZone {
  id: string;
  name: string;
}

/** The caller's profile as the userInfoSettings declaration lists its fields. */
export type Profile = Record<string, unknown>;

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
    return (await http.post<Envelope<SnImportResult>>('/SN/ImportSn', body, { quiet: false })).data;
  },

  /** Quiet: 23 shows under the old password, anything else under the new one. */
  changePassword: (oldPassword: string, newPassword: string) =>
    api.post<null>('/Account/ChangePassword', { oldPassword, newPassword }, { quiet: true }),
  /** The caller's own profile (userInfoSettings: one record, no id). */
  profile: () => api.post<Profile>(userInfoSettings.endpoints.one!, {}),
  /** Quiet: a refused field shows on the field. */
  saveProfile: (values: Profile) => api.post<null>(userInfoSettings.endpoints.save!, values, { quiet: true }),
  timeZones: () => api.get<TimeZone[]>('/Account/GetSystemTimeZones'),
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
  profile: () => [...ALL, 'profile'] as const,
  timeZones: () => [...ALL, 'timeZones'] as const,
};
