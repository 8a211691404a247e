import type { FastifyPluginAsync } from 'fastify';
import { registrationCalls as calls } from '../../../contract/account-calls';
import type { Tokens } from '../../../contract/account';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { RegistrationService } from './service';

/**
 * The public /Account calls of /Register: the label check, the mailed code, the registration itself. The caller
 * passes `login`, which opens the new customer's first session (the account service's own login). Each call is an
 * object of contract/account-calls.ts.
 */
export const registrationRoutes: FastifyPluginAsync<{
  deps: AppDeps;
  login: (username: string, password: string, ip: string) => Promise<Tokens>;
}> = async (app, { deps, login }) => {
  const registration = new RegistrationService({
    db: deps.db,
    clock: deps.clock,
    mailer: app.mailer,
    announceCode: deps.mailTransport
      ? undefined
      : (email, code) => app.log.warn(`no mail server (SMTP_URL not set): the registration code for ${email} is ${code}`),
  });

  await registerEndpoint(app, calls.checkSysSn, async (caller, body) => {
    const { systemId: _, installerCompanyId: __, ...answer } = await registration.checkSysSn(body, caller.address);
    return answer;
  });
  await registerEndpoint(app, calls.sendCode, (caller, { email, language }) => registration.sendCode(email, language, caller.address));
  await registerEndpoint(app, calls.register, async (caller, body) => {
    const { username, sn } = await registration.register(body, caller.address);
    return { ...(await login(username, body.password, caller.address)), sn };
  });
};
