import { getData, postData } from '../../api/call';
import type { CustomerSettings, InstallerContact, InstallerSettings, StaffSettings } from '../../../contract/account-settings';

/** The account settings calls of spec §7 that hold the caller's own preferences (server/account/settings-routes.ts). */
export const settingsKeys = {
  all: ['account-settings'] as const,
  customer: () => [...settingsKeys.all, 'customer'] as const,
  installer: () => [...settingsKeys.all, 'installer'] as const,
  staff: () => [...settingsKeys.all, 'staff'] as const,
  controls: () => [...settingsKeys.all, 'controls'] as const,
  installerContact: (sn: string) => [...settingsKeys.all, 'installer-contact', sn] as const,
};

export const settingsApi = {
  customer: () => getData<CustomerSettings>('/Account/GetCustomUserSetting'),
  saveCustomer: (value: CustomerSettings) => postData<null>('/Account/CustomUserSetting', { ...value }),
  installer: () => getData<InstallerSettings>('/Account/GetInstallSetting'),
  saveInstaller: (value: InstallerSettings) => postData<null>('/Account/InstallSetting', { ...value }),
  staff: () => getData<StaffSettings>('/Account/GetOtherRoleUserSetting'),
  saveStaff: (value: StaffSettings) => postData<null>('/Account/OtherRoleUserSetting', { ...value }),
  controls: () => getData<{ name: string; screen: string }[]>('/Account/GetControlNameList'),
  /** The contact the installer of a system of the caller's (own or shared) set for its owners; null when none. */
  installerContact: (sn: string) => postData<InstallerContact | null>('/Account/GetInstallerContact', { sn }),
};
