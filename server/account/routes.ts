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
import { isUsernameTaken } from './confusables';
import { Lockout } from './lockout';
import { changePassword, getUserInfo, login, logout, refresh, type LoginDeps } from './service';
import { Sessions } from './sessions';
import { accountSettingsRoutes } from './settings/routes';
import { listTimeZones } from './timezones';

/**
 * /api/Account/* of CONTRACT.md: the session (login, refresh, logout), the caller's own account, and the public lists
 * of the registration page; the calls of a person who cannot log in (recovery/), of /Register (registration/) and the
 * caller's own preferences (settings/) are registered by their sub-areas. Each call is an object of
 * contract/account-calls.ts.
 */
export const accountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const session: LoginDeps = {
    db,
    clock,
    lockout: new Lockout(db),
    sessions: new Sessions(db),
    signAccessToken: (user, sessionId) => signAccessToken(app, clock, user, sessionId),
    sessionIdOfToken: (token) => sessionIdOfAnyToken(app, token),
    sleep: deps.sleep,
  };

  await registerEndpoint(app, calls.login, (caller, body) => login(session, caller, body));
  await registerEndpoint(app, calls.refresh, (caller, body) => refresh(session, caller, body));
  await registerEndpoint(app, calls.userInfo, (actor) => getUserInfo(db, actor.id));
  await registerEndpoint(app, calls.logout, (actor) => logout(db, actor, clock()));
  await registerEndpoint(app, calls.changePassword, (actor, body) => changePassword(db, actor, body, clock()));
  await registerEndpoint(app, calls.checkUsername, async (_caller, { username }) => {
    // Taken also when another name looks the same (confusables.ts), as Register would refuse it.
    if (await isUsernameTaken(db, username)) throw new ApiError(Code.USERNAME_EXISTS);
    return null;
  });
  await registerEndpoint(app, calls.timeZones, async () => listTimeZones(clock()));
  await registerEndpoint(app, calls.agreement, async (_caller, body) => agreementFor(body?.language));

  await app.register(recoveryRoutes, { deps });
  await app.register(registrationRoutes, { deps, login: (caller, body) => login(session, caller, body) });
  await app.register(accountSettingsRoutes, { deps });
};
