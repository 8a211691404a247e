import type { BodyIn } from '../../../contract/endpoint';
import { associateCalls, installCalls } from '../../../contract/install-calls';
import { call, endpointQuery } from '../../api/call';

/**
 * The calls of installing a system and of giving a customer another one. Quiet: a refusal is shown on the field it
 * names (data.field) by the screen (showInstallError), not as a bare code at the top.
 */
export const installApi = {
  checkSn: (body: BodyIn<typeof installCalls.checkSn>) => call(installCalls.checkSn, body, { quiet: true }),
  findCustomer: (keyword: string) => call(installCalls.findCustomer, { keyword }, { quiet: true }),
  install: (body: BodyIn<typeof installCalls.install>) => call(installCalls.install, body, { quiet: true }),
  findAssociateCustomer: (keyword: string) => call(associateCalls.findCustomer, { keyword }, { quiet: true }),
  associate: (body: BodyIn<typeof associateCalls.associate>) => call(associateCalls.associate, body, { quiet: true }),
};

export const installQueries = {
  companies: () => endpointQuery(installCalls.companies, {}),
  unowned: (keyword: string) => endpointQuery(associateCalls.unowned, { keyword }, { quiet: true }),
};
