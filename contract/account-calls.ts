import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The account area's calls (/Account): the session, the pages of a person who cannot log in (yet), the caller's own
 * account and its settings. Registered by server/account/routes.ts and its sub-areas (registration/, recovery/,
 * settings/), called by src/features/account and src/features/settings. Their schemas are in contract/account.ts,
 * contract/registration.ts and contract/account-settings.ts.
 */

const account = schemasFrom(() => import('./account'));
const registration = schemasFrom(() => import('./registration'));
const settings = schemasFrom(() => import('./account-settings'));

export const accountCalls = {
  login: defineEndpoint({
    path: '/Account/Login',
    permission: 'public',
    summary: 'Log in; answers an access token and a refresh key',
    schemas: account((s) => ({ body: s.loginBody, answer: s.tokensAnswer })),
  }),
  refresh: defineEndpoint({
    path: '/Account/RefreshToken',
    permission: 'public',
    summary: 'Rotate the refresh key and get a new access token (102: log in again; 7: session ended elsewhere)',
    schemas: account((s) => ({ body: s.refreshBody, answer: s.tokensAnswer })),
  }),
  userInfo: defineEndpoint({
    path: '/Account/GetUserInfo',
    permission: { subject: 'account', action: 'read' },
    summary: "The caller's name, e-mail, roles, country, language and hidden menus",
    schemas: account((s) => ({ body: s.noAccountBody, answer: s.userInfoAnswer })),
  }),
  logout: defineEndpoint({
    path: '/Account/Logout',
    permission: { subject: 'account', action: 'update' },
    summary: "End the caller's session",
    schemas: account((s) => ({ body: s.noAccountBody, answer: s.emptyAnswer })),
  }),
  changePassword: defineEndpoint({
    path: '/Account/ChangePassword',
    permission: { subject: 'account', action: 'update' },
    summary: "Change the caller's password; the caller's other sessions end (23: old password wrong)",
    schemas: account((s) => ({ body: s.changePasswordBody, answer: s.emptyAnswer })),
  }),
  checkUsername: defineEndpoint({
    path: '/Account/CheckUsername',
    permission: 'public',
    summary: 'Whether a user name is free (200) or taken (50)',
    schemas: account((s) => ({ body: s.checkUsernameBody, answer: s.emptyAnswer })),
  }),
  timeZones: defineEndpoint({
    path: '/Account/GetSystemTimeZones',
    method: 'GET',
    permission: 'public',
    summary: 'Every time zone with its current offset from UTC',
    schemas: account((s) => ({ body: s.noQuery, answer: s.timeZonesAnswer })),
  }),
  agreement: defineEndpoint({
    path: '/Account/GetUserAgreement',
    permission: 'public',
    summary: 'The user agreement in en, zh, de or ja (en by default)',
    schemas: account((s) => ({ body: s.agreementBody, answer: s.agreementAnswer })),
  }),
};

/** The calls of a person who cannot log in: a reset link, a new password, the user name. */
export const recoveryCalls = {
  forgetPassword: defineEndpoint({
    path: '/Account/ForgetPassword',
    permission: 'public',
    summary:
      'Mail a reset link (1 hour, once) to the account of a user name or e-mail (4 unknown user, 11 no such e-mail, 98 share expired, 15 too often)',
    schemas: account((s) => ({ body: s.forgetPasswordBody, answer: s.emptyAnswer })),
  }),
  resetPassword: defineEndpoint({
    path: '/Account/ResetPasswords',
    permission: 'public',
    summary: "Set a new password with a reset link's token; every session of the user ends (12 link expired or used, 2 weak password)",
    schemas: account((s) => ({ body: s.resetPasswordBody, answer: s.emptyAnswer })),
  }),
  forgetUserName: defineEndpoint({
    path: '/Account/ForgetUserName',
    permission: 'public',
    summary: 'Mail the user names registered with an e-mail address to it (11 no such e-mail, 15 too often)',
    schemas: account((s) => ({ body: s.forgetUserNameBody, answer: s.emptyAnswer })),
  }),
};

/** The calls of /Register: the label check, the mailed code, the registration itself. */
export const registrationCalls = {
  checkSysSn: defineEndpoint({
    path: '/Account/CheckSysSn',
    permission: 'public',
    summary:
      'Whether a new customer may claim the system of a label: 25 no S/N, 61 not an S/N, 18 unknown, 21 wrong check code, 22 a component built into a system, 9 no system for it, 85 being moved, 19 owned already, 92 too many wrong tries (5 minutes)',
    schemas: registration((s) => ({ body: s.checkSysSnBody, answer: s.checkSysSnAnswer })),
  }),
  sendCode: defineEndpoint({
    path: '/Account/SendRegisterCode',
    permission: 'public',
    summary:
      'Mail a six-digit verification code to the address of a new account (15 minutes, 5 tries): 37 the address has an account, 15 again within a minute, 16 the day’s codes used up',
    schemas: registration((s) => ({ body: s.sendRegisterCodeBody, answer: s.sendRegisterCodeAnswer })),
  }),
  register: defineEndpoint({
    path: '/Account/Register',
    permission: 'public',
    summary:
      'Create a customer who owns the system of the label, and log them in: 50 name taken, 37 address taken, 53 no valid mailed code, the S/N codes of CheckSysSn, 2 bad field (nothing is created on any error)',
    schemas: registration((s) => ({ body: s.registerBody, answer: s.registerAnswer })),
  }),
};

/**
 * The caller's own preferences, the section of userInfoSettings that fits the caller's role (others 45), and the
 * lists of the menu. Each reads and writes the caller's row only: no body names a user.
 */
export const settingsCalls = {
  saveCustomer: defineEndpoint({
    path: '/Account/CustomUserSetting',
    permission: { subject: 'notificationSettings', action: 'update' },
    summary: "A customer's notification mails: fault alerts, monthly report, news, quiet hours for fault mails (others 45)",
    schemas: settings((s) => ({ body: s.customerSettings, answer: s.emptyAnswer })),
  }),
  customer: defineEndpoint({
    path: '/Account/GetCustomUserSetting',
    method: 'GET',
    permission: { subject: 'notificationSettings', action: 'read' },
    summary: "The customer's notification mails (defaults: all on, no quiet hours)",
    schemas: settings((s) => ({ body: s.noQuery, answer: s.customerSettings })),
  }),
  saveInstaller: defineEndpoint({
    path: '/Account/InstallSetting',
    permission: { subject: 'installerDefaults', action: 'update' },
    summary: "An installer's defaults for new systems: country, time zone, currency and prices, the contact shown to customers (others 45)",
    schemas: settings((s) => ({ body: s.installerSettings, answer: s.emptyAnswer })),
  }),
  installer: defineEndpoint({
    path: '/Account/GetInstallSetting',
    method: 'GET',
    permission: { subject: 'installerDefaults', action: 'read' },
    summary: "The installer's defaults for new systems",
    schemas: settings((s) => ({ body: s.noQuery, answer: s.installerSettings })),
  }),
  saveStaff: defineEndpoint({
    path: '/Account/OtherRoleUserSetting',
    permission: { subject: 'staffPreferences', action: 'update' },
    summary:
      "A staff member's preferences: landing page (a screen they may open), list page size, fault mails at once or as a daily digest",
    schemas: settings((s) => ({ body: s.staffSettings, answer: s.emptyAnswer })),
  }),
  staff: defineEndpoint({
    path: '/Account/GetOtherRoleUserSetting',
    method: 'GET',
    permission: { subject: 'staffPreferences', action: 'read' },
    summary: "The staff member's preferences",
    schemas: settings((s) => ({ body: s.noQuery, answer: s.staffSettings })),
  }),
  menuSystems: defineEndpoint({
    path: '/Account/GetCustomMenuESSlist',
    method: 'GET',
    permission: { subject: 'customerSystems', action: 'read' },
    summary: "The systems of the menu's system selector: a customer's own and those shared to them",
    schemas: settings((s) => ({ body: s.noQuery, answer: s.menuSystemsAnswer })),
  }),
  installerContact: defineEndpoint({
    path: '/Account/GetInstallerContact',
    permission: { subject: 'customerSystems', action: 'read' },
    summary:
      "The contact the installer of one of the caller's systems (own or shared) gave its owners (InstallSetting); null when none; 45 for a system outside the caller's scope",
    schemas: settings((s) => ({ body: s.installerContactBody, answer: s.installerContactAnswer })),
  }),
  controlNames: defineEndpoint({
    path: '/Account/GetControlNameList',
    method: 'GET',
    permission: { subject: 'account', action: 'read' },
    summary: 'The names of the remote controls the caller may use, each with the screen that holds it',
    schemas: settings((s) => ({ body: s.noQuery, answer: s.controlNamesAnswer })),
  }),
};
