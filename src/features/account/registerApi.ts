import type { Envelope } from '../../../contract/codes';
import type { CheckSysSnAnswer } from '../../../contract/registration';
import { api } from '../../api/client';

/** The calls of /Register (CONTRACT.md): quiet, the page shows each code next to its field. */
export function checkUsername(username: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/CheckUsername', { username }, { quiet: true });
}

export function checkSysSn(sn: string, checkCode: string): Promise<Envelope<CheckSysSnAnswer>> {
  return api.post<CheckSysSnAnswer>('/Account/CheckSysSn', { sn, check_code: checkCode }, { quiet: true });
}

export function sendRegisterCode(
  email: string,
  language: string,
): Promise<Envelope<{ expiresInSeconds: number; resendInSeconds: number }>> {
  return api.post('/Account/SendRegisterCode', { email, language }, { quiet: true });
}

export interface RegisterValues {
  username: string;
  password: string;
  name: string;
  email: string;
  code: string;
  sn: string;
  check_code: string;
  country: string;
  state?: string;
  city?: string;
  timeZone: string;
  agreement: boolean;
  language: string;
}

export function register(values: RegisterValues): Promise<Envelope<{ AccessToken: string; RefreshTokenKey: string; sn: string }>> {
  return api.post('/Account/Register', { ...values }, { quiet: true });
}

export function getUserAgreement(language: string): Promise<Envelope<{ title: string; content: string }>> {
  return api.post('/Account/GetUserAgreement', { language }, { quiet: true });
}
