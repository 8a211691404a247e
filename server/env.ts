import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig, MqttConfig } from './config';
import { parseRawRetentionDays } from './monitoring/retention';
import { parseUploadMinFreeBytes } from './core/uploads/quota';

/** The environment of README's Configuration table, read once by the entry points (never by the app). */
export function readEnv() {
  return {
    port: Number(process.env.PORT ?? 8080),
    apiPort: Number(process.env.API_PORT ?? 8081),
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    demoPassword: process.env.DEMO_PASSWORD ?? 'demo2026',
    logLevel: (process.env.LOG_LEVEL ?? 'info') as Exclude<AppConfig['logLevel'], false>,
    trustProxy: process.env.TRUST_PROXY === 'true',
    /** On a database seeded with the demo: play the demo fleet live (false turns it off). */
    demoLive: process.env.DEMO_LIVE !== 'false',
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    portalUrl: process.env.PORTAL_URL || undefined,
    rawRetentionDays: parseRawRetentionDays(process.env.RAW_RETENTION_DAYS),
    uploadMinFreeBytes: parseUploadMinFreeBytes(process.env.UPLOAD_MIN_FREE_MB),
    mqtt: {
      port: parseMqttPort(process.env.MQTT_PORT),
      url: process.env.MQTT_URL || undefined,
      username: process.env.MQTT_USERNAME || undefined,
      password: process.env.MQTT_PASSWORD || undefined,
    } satisfies MqttConfig,
  };
}

/** MQTT_PORT: the embedded broker's port, 1883 when unset; anything but a port number stops the start. */
export function parseMqttPort(value: string | undefined): number {
  if (value === undefined || value === '') return 1883;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MQTT_PORT must be a port number (0-65535), not ${value}`);
  return port;
}

/**
 * The token signing secret: JWT_SECRET, or one generated on the first start and kept in the data folder,
 * so that tokens survive a restart and every node sharing the folder signs alike.
 */
export function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
