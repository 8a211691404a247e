import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { licenseCalls } from '../../../contract/admin/licenses-calls';
import { menuCalls } from '../../../contract/admin/menus-calls';
import { roleCalls } from '../../../contract/admin/roles-calls';
import { snCalls } from '../../../contract/admin/sn-calls';
import { translationCalls } from '../../../contract/admin/translations-calls';
import { userCalls } from '../../../contract/admin/users-calls';
import { call, CallError, callKey, callUpload, endpointQuery } from '../../api/call';

/**
 * The administration calls that are not a declared resource's list / one / save / delete (those go through the
 * Refine data provider): user actions, roles, translations, licenses, the S/N import, the menu overrides
 * (contract/admin/*-calls.ts). The caller's own profile and password are the account area's
 * (src/features/account/api.ts). Each screen shows a refused call where it belongs (on a field, in a modal); codes
 * a screen does not handle are shown by the /api client unless the call is quiet.
 */

export type UserHistory = AnswerOf<typeof userCalls.history>['history'];
export type RoleRow = AnswerOf<typeof roleCalls.list>['data'][number];
export type TranslationRow = AnswerOf<typeof translationCalls.list>['data'][number];
/** One text of one key in one language. */
export type TranslationText = BodyIn<typeof translationCalls.save>;
export type TranslationFilters = Pick<NonNullable<BodyIn<typeof translationCalls.list>>, 'namespace' | 'key' | 'text'>;

/** A call's answer, or the refusal it met (its message already shown by the /api client unless the call is quiet). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; refused: CallError };

export async function outcomeOf<T>(answer: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await answer };
  } catch (error) {
    if (error instanceof CallError) return { ok: false, refused: error };
    throw error;
  }
}

export const adminApi = {
  lockUser: (id: number, locked: boolean) => outcomeOf(call(userCalls.lock, { id, locked })),
  resetUserPassword: (id: number) => outcomeOf(call(userCalls.resetPassword, { id })),
  userMenuPermissions: (id: number) => outcomeOf(call(userCalls.menuPermissions, { id })),
  saveUserMenuPermissions: (id: number, menuDenied: string[]) => outcomeOf(call(userCalls.saveMenuPermissions, { id, menuDenied })),
  userHistory: (id: number) => outcomeOf(call(userCalls.history, { id })),
  deleteUser: (id: number) => outcomeOf(call(userCalls.remove, { id })),
  /** Deactivated: login refused and sessions ended, history kept; false reactivates. */
  deactivateUser: (id: number, deactivated: boolean) => outcomeOf(call(userCalls.deactivate, { id, deactivated })),

  /** Quiet: the screen says a refusal itself. */
  saveRolePermissions: (role: string, menus: string[]) => outcomeOf(call(roleCalls.savePermissions, { role, menus }, { quiet: true })),

  saveTranslation: (text: TranslationText) => outcomeOf(call(translationCalls.save, text)),
  /** Quiet: 40 (key exists) and 55 (language) show on their field. */
  addTranslation: (text: TranslationText) => outcomeOf(call(translationCalls.add, text, { quiet: true })),
  resetTranslation: (text: BodyIn<typeof translationCalls.reset>) => outcomeOf(call(translationCalls.reset, text)),

  unassignLicense: (id: number) => outcomeOf(call(licenseCalls.unassign, { id })),

  /** An .xlsx of S/Ns, one row each (spec §5 import): the answer says per row what became of it. */
  importSn: (file: Blob) => callUpload(snCalls.importSheet, { file }),
  /** The S/N import's template (an .xlsx download). */
  snImportTemplate: () => call(snCalls.template, {}, { fallbackName: 'sn-import-template.xlsx' }),

  /** The sidebar's reshaping by menuManagement; quiet: without it the route table applies as shipped. */
  menuOverrides: () => call(menuCalls.overrides, {}, { quiet: true }),
};

/** The administration calls read through useQuery: key and function from the endpoint and its body. */
export const adminQueries = {
  roles: () => endpointQuery(roleCalls.list, {}),
  translations: (filters: TranslationFilters, pageIndex: number, pageSize: number) =>
    endpointQuery(translationCalls.list, { ...filters, pageIndex, pageSize }),
};

/** The react-query keys a change invalidates through. */
export const adminKeys = {
  /** Every page and filter of the translations. */
  translations: () => callKey(translationCalls.list),
  /** Every user's menu overrides; with a user name, that user's (the sidebar keeps them per login). */
  menuOverrides: (username?: string) =>
    username === undefined ? callKey(menuCalls.overrides) : ([...callKey(menuCalls.overrides), username] as const),
};
