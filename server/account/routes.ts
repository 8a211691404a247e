import type { FastifyPluginAsync } from 'fastify';
import { accountCalls as calls } from '../../contract/account-calls';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { sessionIdOfAnyToken, signAccessToken } from '../core/http/auth';
import { registerEndpoint } from '../core/http/endpoint';
import { ApiError } from '../core/http/envelope';
import { agreementFor } from './agreement';
import { recoveryRoutes } from './recovery/routes';
import { registrationRoutes } from './registration/routes';
import { AccountService } from './service';
import { accountSettingsRoutes } from './settings/routes';
import { listTimeZones } from './timezones';

/**
 * /api/Account/* of CONTRACT.md: the session (login, refresh, logout), the caller's own account, and the public lists
 * of the registration page; the calls of a person who cannot log in (recovery/), of /Register (registration/) and the
 * caller's own preferences (settings/) are registered by their sub-areas. Each call is an object of
 * contract/account-calls.ts.
 */
export const accountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { clock } = deps;
  const account = new AccountService({
    db: deps.db,
    clock,
    signAccessToken: (user, sessionId) => signAccessToken(app, clock, user, sessionId),
    sessionIdOfToken: (token) => sessionIdOfAnyToken(app, token),
    sleep: deps.sleep,
  });

  await registerEndpoint(app, calls.login, (caller, { username, password }) => account.login(username, password, caller.address));
  await registerEndpoint(app, calls.refresh, (caller, { userName, accessToken, refreshTokenKey }) =>
    account.refresh(userName, accessToken, refreshTokenKey, caller.address),
  );
  await registerEndpoint(app, calls.userInfo, (actor) => account.getUserInfo(actor.id));
  await registerEndpoint(app, calls.logout, (actor) => account.logout(actor));
  await registerEndpoint(app, calls.changePassword, (actor, { oldPassword, newPassword }) =>
    account.changePassword(actor, oldPassword, newPassword),
  );
  await registerEndpoint(app, calls.checkUsername, async (_caller, { username }) => {
    if (await account.isUsernameTaken(username)) throw new ApiError(Code.USERNAME_EXISTS);
    return null;
  });
  await registerEndpoint(app, calls.timeZones, async () => listTimeZones(clock()));
  await registerEndpoint(app, calls.agreement, async (_caller, body) => agreementFor(body?.language));

  await app.register(recoveryRoutes, { deps });
  await app.register(registrationRoutes, { deps, login: (username, password, ip) => account.login(username, password, ip) });
  await app.register(accountSettingsRoutes, { deps });
};
