import { z } from 'zod';
import { isStrongPassword } from './password';

/** Request and answer (`data` of the envelope) shapes of the /Account calls (CONTRACT.md), for the server and the web. */

/** Generous for any real name or password, small enough that nobody can post megabytes into a field. */
const NAME_MAX = 200;
const PASSWORD_MAX = 200;
/** An access token is a few hundred characters; this leaves room without inviting abuse. */
const TOKEN_MAX = 4096;

const name = z.string().min(1).max(NAME_MAX);
const password = z.string().min(1).max(PASSWORD_MAX);

export const loginBody = z.object({ username: name, password });

export const refreshBody = z.object({
  userName: name,
  accessToken: z.string().min(1).max(TOKEN_MAX),
  refreshTokenKey: z.string().min(1).max(TOKEN_MAX),
});

export const changePasswordBody = z.object({
  oldPassword: password,
  newPassword: password.refine(isStrongPassword, 'at least 8 characters with letters and digits'),
});

export const checkUsernameBody = z.object({ username: name });

// The body is optional altogether: a POST without one arrives as null.
export const agreementBody = z.object({ language: z.string().max(20).optional() }).nullish();

export const tokensAnswer = z.object({ AccessToken: z.string(), RefreshTokenKey: z.string() });
export type Tokens = z.infer<typeof tokensAnswer>;

export const userInfoAnswer = z.object({
  username: z.string(),
  name: z.string().describe('the name to greet the user by: the display name, else the user name'),
  email: z.string(),
  roles: z.array(z.string()),
  country: z.string(),
  languageCode: z.string(),
  menuDenied: z.array(z.string()).describe('route keys hidden from this user on top of the role table'),
});
export type UserInfo = z.infer<typeof userInfoAnswer>;

export const emptyAnswer = z.null();

export const timeZonesAnswer = z.array(z.object({ id: z.string(), offset: z.string(), name: z.string() }));

export const agreementAnswer = z.object({ title: z.string(), content: z.string().describe('Markdown') });

/** Spec §5's address shape (a 2-8 letter top-level part), as the share dialog checks it. */
const email = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,8}$/, 'e-mail format incorrect');

export const forgetPasswordBody = z.object({
  username: z.string().trim().min(1).max(254).describe('a user name, or the e-mail address of the account'),
});

export const resetPasswordBody = z.object({
  token: z.string().trim().min(1).max(200),
  newPassword: password.refine(isStrongPassword, 'at least 8 characters with letters and digits'),
});

export const forgetUserNameBody = z.object({ email });

/** The body of the calls that take nothing (the caller's own account): none at all is as good as {}. */
export const noAccountBody = z
  .object({})
  .nullish()
  .transform(() => ({}));

/** The query of the GET calls that take none. */
export const noQuery = z.object({});
