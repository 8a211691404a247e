import type { FastifyPluginAsync } from 'fastify';
import { registrationCalls as calls } from '../../../contract/account-calls';
import type { Tokens } from '../../../contract/account';
import type { AppDeps } from '../../config';
import type { Caller } from '../../core/auth/actor';
import { registerEndpoint } from '../../core/http/endpoint';
import { checkSysSn, register, sendCode, type SendCodeDeps } from './service';

/**
 * The public /Account calls of /Register: the label check, the mailed code, the registration itself. The caller
 * passes `login`, which opens the new customer's first session (the account service's own login). Each call is an
 * object of contract/account-calls.ts.
 */
export const registrationRoutes: FastifyPluginAsync<{
  deps: AppDeps;
  login: (caller: Caller, body: { username: string; password: string }) => Promise<Tokens>;
}> = async (app, { deps, login }) => {
  const { db, clock } = deps;
  const mail: SendCodeDeps = {
    db,
    mailer: app.mailer,
    announceCode: deps.mailTransport
      ? undefined
      : (email, code) => app.log.warn(`no mail server (SMTP_URL not set): the registration code for ${email} is ${code}`),
  };

  await registerEndpoint(app, calls.checkSysSn, async (caller, body) => {
    const { systemId: _, installerCompanyId: __, ...answer } = await checkSysSn(db, caller, body, clock());
    return answer;
  });
  await registerEndpoint(app, calls.sendCode, (caller, body) => sendCode(mail, caller, body, clock()));
  await registerEndpoint(app, calls.register, async (caller, body) => {
    const { username, sn } = await register(db, caller, body, clock());
    return { ...(await login(caller, { username, password: body.password })), sn };
  });
};
