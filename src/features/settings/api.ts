import { settingsCalls as calls } from '../../../contract/account-calls';
import type { BodyIn } from '../../../contract/endpoint';
import { call, endpointQuery } from '../../api/call';

/** The account settings calls of spec §7 that hold the caller's own preferences (contract/account-calls.ts settingsCalls). */
export const settingsQueries = {
  customer: () => endpointQuery(calls.customer, {}),
  installer: () => endpointQuery(calls.installer, {}),
  staff: () => endpointQuery(calls.staff, {}),
  controls: () => endpointQuery(calls.controlNames, {}),
  /** The contact the installer of a system of the caller's (own or shared) set for its owners; null when none. */
  installerContact: (sn: string) => endpointQuery(calls.installerContact, { sn }),
};

export const settingsApi = {
  saveCustomer: (value: BodyIn<typeof calls.saveCustomer>) => call(calls.saveCustomer, value),
  saveInstaller: (value: BodyIn<typeof calls.saveInstaller>) => call(calls.saveInstaller, value),
  saveStaff: (value: BodyIn<typeof calls.saveStaff>) => call(calls.saveStaff, value),
  /** A staff member's preferences, quiet (read at login, where a failure only means the defaults). */
  staffQuietly: () => call(calls.staff, {}, { quiet: true }),
  installerContact: (sn: string) => settingsQueries.installerContact(sn).queryFn(),
};

/** The keys InstallerContactCard (monitoring's dashboard) reads the installer's contact under. */
export const settingsKeys = {
  installerContact: (sn: string) => settingsQueries.installerContact(sn).queryKey,
};
