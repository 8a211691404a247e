import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { MAX_MESSAGE_BYTES } from '../../../contract/device-messages';
import type { Database } from '../../core/db';
import { mayPublish, maySubscribe, mayUseClientId } from './acl';
import { identify, type BrokerIdentity } from './identities';
import type { TransportLog } from './log';
import { attachMqttWebSocket } from './websocket';

export interface EmbeddedBroker {
  /** The TCP port devices (and the portal's client) connect to. */
  port: number;
  /** Closes every connection of the device with that S/N (its key changed: it must log in again). */
  disconnect(sn: string): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  db: Database;
  jwtSecret: string;
  /** 0: any free port (tests). */
  port: number;
  /** The portal's HTTP server: MQTT over WebSocket at /mqtt beside the API. */
  httpServer?: HttpServer;
  log: TransportLog;
}

// aedes's AuthErrorCode is a const enum of its typings, which this project's isolated modules cannot read.
const BAD_USERNAME_OR_PASSWORD = 4;
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;

/**
 * The aedes broker inside the server (MQTT 3.1.1), so that `npm start` needs nothing installed: devices log in with
 * their S/N and device key and may only use their own topics (./acl.ts); the portal's client logs in with the secret
 * derived from the token secret. A device that publishes where it may not, or more than MAX_MESSAGE_BYTES, is cut off.
 */
export async function startEmbeddedBroker({ db, jwtSecret, port, httpServer, log }: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, BrokerIdentity>();
  const connected = new Map<string, Set<Client>>();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const refuse = (code: number, reason: string) => {
        log.info({ clientId: client.id, username, reason }, 'MQTT login refused');
        done(Object.assign(new Error(reason), { returnCode: code }) as AuthenticateError, false);
      };
      identify(db, jwtSecret, username, password).then(
        (identity) => {
          if (!identity) return refuse(BAD_USERNAME_OR_PASSWORD, 'bad user name or password');
          if (!mayUseClientId(identity, client.id)) return refuse(IDENTIFIER_REJECTED, 'client id is not the S/N');
          identities.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ error: String(error) }, 'MQTT login check failed');
          refuse(SERVER_UNAVAILABLE, 'server unavailable');
        },
      );
    },
    authorizePublish(client, packet, done) {
      // The broker's own publications ($SYS topics) have no client; a device's Last Will is checked here with its client.
      if (!client) return done(null);
      const identity = identities.get(client);
      if (!identity || !mayPublish(identity, packet.topic)) return done(new Error(`may not publish on ${packet.topic}`));
      if (packet.payload.length > MAX_MESSAGE_BYTES) return done(new Error(`message over ${MAX_MESSAGE_BYTES} bytes`));
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      // A refused subscription is answered with the failure code of SUBACK (0x80); the connection stays.
      done(null, identity && maySubscribe(identity, subscription.topic) ? subscription : null);
    },
  });

  broker.on('client', (client) => {
    const identity = identities.get(client);
    if (identity?.kind !== 'device') return;
    const clients = connected.get(identity.sn) ?? new Set();
    connected.set(identity.sn, clients.add(client));
  });
  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client);
    if (identity?.kind !== 'device') return;
    connected.get(identity.sn)?.delete(client);
    if (connected.get(identity.sn)?.size === 0) connected.delete(identity.sn);
  });
  broker.on('clientError', (client, error) => {
    const identity = identities.get(client);
    log.info(
      { clientId: client.id, sn: identity?.kind === 'device' ? identity.sn : undefined, error: error.message },
      'MQTT client cut off',
    );
  });

  const server: Server = createServer((socket) => broker.handle(socket));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // The broker's timers would otherwise keep the process alive.
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }
  const detachWebSocket = httpServer
    ? attachMqttWebSocket(httpServer, (stream, request) => broker.handle(stream, request), log)
    : undefined;

  return {
    port: (server.address() as AddressInfo).port,
    async disconnect(sn) {
      const clients = [...(connected.get(sn) ?? [])];
      await Promise.all(clients.map((client) => new Promise<void>((resolve) => client.close(() => resolve()))));
    },
    async close() {
      await detachWebSocket?.();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
