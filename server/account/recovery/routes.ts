import type { FastifyPluginAsync } from 'fastify';
import { recoveryCalls as calls } from '../../../contract/account-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { Lockout } from '../lockout';
import { RecoveryLimit } from '../recovery-limit';
import { forgetPassword, forgetUserName, resetPassword, type RecoveryDeps } from './service';

/**
 * The public /Account calls of a person who cannot log in: a reset link, a new password, the user name. Each call is
 * an object of contract/account-calls.ts.
 */
export const recoveryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const recovery: RecoveryDeps = { db, mailer: app.mailer, limit: new RecoveryLimit(db), lockout: new Lockout(db) };

  await registerEndpoint(app, calls.forgetPassword, (caller, body) => forgetPassword(recovery, caller, body, clock()).then(() => null));
  await registerEndpoint(app, calls.resetPassword, (caller, body) => resetPassword(recovery, caller, body, clock()).then(() => null));
  await registerEndpoint(app, calls.forgetUserName, (caller, body) => forgetUserName(recovery, caller, body, clock()).then(() => null));
};
