import { http, HttpResponse } from 'msw';
import { DEFAULT_STAFF_SETTINGS } from '../../contract/account-settings';

/** A staff login reads the page chosen to open after it (src/features/settings/staffPreferences.ts): the defaults, for every web test. */
export const settingsHandlers = [
  http.get('*/api/Account/GetOtherRoleUserSetting', () => HttpResponse.json({ code: 200, data: DEFAULT_STAFF_SETTINGS, info: 'Success' })),
  // The customer dashboard asks for the installer's contact of the system shown: none, unless a test says otherwise.
  http.post('*/api/Account/GetInstallerContact', () => HttpResponse.json({ code: 200, data: null, info: 'Success' })),
  // The dashboard, the system page and a complaint ask for the system's warranty: none recorded (87), unless a test says otherwise.
  http.post('*/api/Warranty/GetWarranty', () => HttpResponse.json({ code: 87, data: null, info: 'Warranty information missing' })),
];
