import { defineEndpoint, schemasFrom } from './endpoint';

/** The companies' calls beyond company management's generated ones (server/admin/companies/routes.ts). */

const schemasOf = schemasFrom(() => import('./companies'));

export const companyCalls = {
  servicePartners: defineEndpoint({
    path: '/Information/GetServiverList',
    permission: { subject: 'servicePartner', action: 'read' },
    summary: 'The service partner companies, by name: country, the areas they serve, contact, phone and e-mail',
    schemas: schemasOf((s) => ({ body: s.servicePartnerListBody, answer: s.servicePartnerList })),
  }),
};
