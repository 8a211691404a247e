import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * Installing a new system on site (installNewSystem) and giving a customer account another system
 * (associateAdditionalSystem): registered by server/install/routes.ts, called by src/features/install; their schemas
 * are in contract/install.ts. The installation each makes is the system's installation record
 * (resources/installationRecords.ts): its list, and the upload of the site photos to its photos field, are that
 * resource's calls.
 */

const schemasOf = schemasFrom(() => import('./install'));
const install = { subject: 'systemInstall', action: 'create' } as const;
const associate = { subject: 'systemAssociation', action: 'update' } as const;

export const installCalls = {
  checkSn: defineEndpoint({
    path: '/SystemInstall/CheckInstallSn',
    permission: install,
    summary:
      'Checks one label while the form is filled: the system (25, 61, 18, 21, 22 a component, 52 the system exists, 85 moving) or ' +
      'a component of the kind given (18, 21, 22 built in or banned, 2 a label of another kind)',
    schemas: schemasOf((s) => ({ body: s.checkInstallSnBody, answer: s.checkInstallSnAnswer })),
  }),
  companies: defineEndpoint({
    path: '/SystemInstall/GetInstallCompanies',
    permission: install,
    summary: "The installer companies the caller may install for: an installer's own, a reseller's installers, every one for staff",
    schemas: schemasOf((s) => ({ body: s.noBody, answer: s.installCompaniesAnswer })),
  }),
  findCustomer: defineEndpoint({
    path: '/SystemInstall/FindInstallCustomer',
    permission: install,
    summary: 'Customer accounts to install for: staff search user names, names and e-mails; partners find one by its exact e-mail',
    schemas: schemasOf((s) => ({ body: s.findCustomerBody, answer: s.findCustomerAnswer })),
  }),
  install: defineEndpoint({
    path: '/SystemInstall/InstallNewSystem',
    permission: install,
    summary:
      'Registers a system with its components, site, customer (an account, or an invitation mailed with the S/N and check code) ' +
      'and photos, in one transaction; answers its device key once (18, 21, 22, 52, 62, 63, 19, 82, 45; 99 when it fails half way)',
    schemas: schemasOf((s) => ({ body: s.installSystemBody, answer: s.installSystemAnswer })),
  }),
};

export const associateCalls = {
  findCustomer: defineEndpoint({
    path: '/SystemAssociation/FindCustomer',
    permission: associate,
    summary: 'Customer accounts to give a system to: staff search user names, names and e-mails; partners find one by its exact e-mail',
    schemas: schemasOf((s) => ({ body: s.findCustomerBody, answer: s.findCustomerAnswer })),
  }),
  unowned: defineEndpoint({
    path: '/SystemAssociation/GetUnownedSystems',
    permission: associate,
    summary: "Systems in the caller's scope that nobody owns yet, by part of their S/N (at most 50): what staff pick from",
    schemas: schemasOf((s) => ({ body: s.unownedSystemsBody, answer: s.unownedSystemsAnswer })),
  }),
  associate: defineEndpoint({
    path: '/SystemAssociation/AssociateSystem',
    permission: associate,
    summary:
      'Gives a customer account that owns systems another one, by its S/N and check code (partners) or picked by staff ' +
      '(19 already owned, 82 the account is no customer owning a system, 45 outside the scope)',
    schemas: schemasOf((s) => ({ body: s.associateSystemBody, answer: s.associateSystemAnswer })),
  }),
};
