import type { FastifyPluginAsync } from 'fastify';
import { recoveryCalls as calls } from '../../../contract/account-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { RecoveryService } from './service';

/**
 * The public /Account calls of a person who cannot log in: a reset link, a new password, the user name. Each call is
 * an object of contract/account-calls.ts.
 */
export const recoveryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const recovery = new RecoveryService({ db: deps.db, clock: deps.clock, mailer: app.mailer });

  await registerEndpoint(app, calls.forgetPassword, (caller, { username }) =>
    recovery.forgetPassword(username, caller.address).then(() => null),
  );
  await registerEndpoint(app, calls.resetPassword, (caller, { token, newPassword }) =>
    recovery.resetPassword(token, newPassword, caller.address).then(() => null),
  );
  await registerEndpoint(app, calls.forgetUserName, (caller, { email }) => recovery.forgetUserName(email, caller.address).then(() => null));
};
