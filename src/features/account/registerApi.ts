import { accountCalls, registrationCalls as calls } from '../../../contract/account-calls';
import type { BodyIn } from '../../../contract/endpoint';
import { callEnvelope } from '../../api/call';

/** The calls of /Register (contract/account-calls.ts): quiet, the page shows each code next to its field. */
export function checkUsername(username: string) {
  return callEnvelope(accountCalls.checkUsername, { username }, { quiet: true });
}

export function checkSysSn(sn: string, checkCode: string) {
  return callEnvelope(calls.checkSysSn, { sn, check_code: checkCode }, { quiet: true });
}

export function sendRegisterCode(email: string, language: string) {
  return callEnvelope(calls.sendCode, { email, language }, { quiet: true });
}

export type RegisterValues = BodyIn<typeof calls.register>;

export function register(values: RegisterValues) {
  return callEnvelope(calls.register, { ...values }, { quiet: true });
}

export function getUserAgreement(language: string) {
  return callEnvelope(accountCalls.agreement, { language }, { quiet: true });
}
