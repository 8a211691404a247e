import type { Database } from './db';

/** The time source of the whole server; tests inject one they can move. */
export type Clock = () => Date;

export interface AppConfig {
  /** Signs the access tokens (HS256). */
  jwtSecret: string;
  /** The password the demo seed gives every demo user. */
  demoPassword: string;
  /** The built web app to serve beside /api (with an SPA fallback), or none. */
  staticDir?: string;
  /** false: no logs (tests); otherwise the pino level. */
  logLevel: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (it feeds the login lockout). */
  trustProxy?: boolean;
}

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
}
