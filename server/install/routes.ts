import type { FastifyPluginAsync } from 'fastify';
import { associateCalls, installCalls } from '../../contract/install-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { associateSystem, unownedSystems } from './associate';
import { checkInstallLabel, findCustomers, installCompaniesOf, installSystem, type InstallDeps } from './service';

/**
 * Installing a new system and giving a customer another one (contract/install-calls.ts). The installation it makes
 * is an installation record (resources/installationRecords.ts), whose generated calls list it and take its photos.
 */
export const installRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const install: InstallDeps = { db: deps.db, clock: deps.clock, mailer: app.mailer, log: app.log };
  await registerEndpoint(app, installCalls.checkSn, (actor, { kind, ...label }) =>
    checkInstallLabel(deps.db, actor, kind, label, deps.clock()),
  );
  await registerEndpoint(app, installCalls.companies, (actor) => installCompaniesOf(deps.db, actor));
  await registerEndpoint(app, installCalls.findCustomer, (actor, { keyword }) => findCustomers(deps.db, actor, keyword));
  await registerEndpoint(app, installCalls.install, (actor, body) => installSystem(install, actor, body));

  await registerEndpoint(app, associateCalls.findCustomer, (actor, { keyword }) => findCustomers(deps.db, actor, keyword));
  await registerEndpoint(app, associateCalls.unowned, (actor, { keyword }) => unownedSystems(install, actor, keyword));
  await registerEndpoint(app, associateCalls.associate, (actor, body) => associateSystem(install, actor, body));
};
