import type { Storage } from './core/storage';
import type { Database } from './core/db';
import type { MailTransport } from './core/mail/transport';
import type { JobQueueOptions } from './core/jobs/queue';

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
  /** The sender of notification e-mails (MAIL_FROM). */
  mailFrom?: string;
  /** Where people open the portal (PORTAL_URL): links in e-mails point there. */
  portalUrl?: string;
  /** Days of raw 5-minute samples kept (RAW_RETENTION_DAYS, server/monitoring/retention.ts); older ones are refused at ingest. */
  rawRetentionDays?: number;
  /** Free bytes the upload folder's disk keeps: uploads are refused below (UPLOAD_MIN_FREE_MB, server/core/uploads/quota.ts). */
  uploadMinFreeBytes?: number;
  /** The device channel's broker (server/devices/transport/create.ts); none: the embedded broker on port 1883. */
  mqtt?: MqttConfig;
}

/** MQTT_PORT, MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD (README, "Devices and the MQTT broker"). */
export interface MqttConfig {
  /** The embedded broker's TCP port (MQTT_PORT); 0 takes any free one. Unused with `url`. */
  port?: number;
  /** An external broker (MQTT_URL, mqtt://, mqtts://, ws:// or wss://) instead of the embedded one. */
  url?: string;
  /** The portal's login on the external broker. */
  username?: string;
  password?: string;
  /** The shared-subscription group of this portal's nodes on the external broker (default 'portal'). */
  shareGroup?: string;
}

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  /** The mail server notification e-mails go through; without one they wait in the outbox. */
  mailTransport?: MailTransport;
  /** Where uploaded files go (server/core/storage); without one, a temporary folder (tests). */
  storage?: Storage;
  /**
   * Called once when the database stopped answering for good (server/core/db/liveness.ts); the entry points log it
   * and exit for a supervisor to restart the server. Without it (tests) nothing happens but /api/health's 503.
   */
  onDatabaseDead?: (reason: string) => void;
  /** Waits (the login slow-down of a busy client address); tests inject one that only records. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Runs the background jobs (server/core/jobs) while the app is up; the entry points pass it, most tests do not. */
  jobQueue?: JobQueueOptions;
}
