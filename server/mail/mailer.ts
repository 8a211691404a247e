import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../config';
import type { SystemRow } from '../monitoring/scope';
import { faultMails, type NewFault } from './fault-mails';
import { deliverDueMails, queueMails } from './outbox';

/** How often mails that failed (or waited for a mail server) are tried again. */
const RETRY_EVERY_MS = 60_000;

export interface Mailer {
  /** Queues the mails about new faults of a system, then sends them in the background; never throws. */
  faultsRaised(system: SystemRow, faults: NewFault[]): Promise<void>;
  /** Sends what is due now (the background retry does this every minute). */
  deliver(): Promise<{ sent: number; failed: number }>;
  startRetries(): void;
  stop(): void;
}

export function createMailer(deps: AppDeps, log: FastifyBaseLogger): Mailer {
  const { db, clock, config, mailTransport } = deps;
  const from = config.mailFrom ?? 'ESS Portal <no-reply@ess-portal.example>';
  const portalUrl = config.portalUrl ?? 'http://localhost:8080';
  let timer: NodeJS.Timeout | undefined;
  // One delivery at a time, so that a slow server never gets the same mail twice.
  let delivering: Promise<{ sent: number; failed: number }> | undefined;

  const deliver = () => {
    delivering ??= deliverDueMails(db, mailTransport, from, clock()).finally(() => (delivering = undefined));
    return delivering;
  };
  const deliverInBackground = () =>
    void deliver().catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'));

  return {
    async faultsRaised(system, faults) {
      try {
        await queueMails(db, await faultMails(db, system, faults, portalUrl, clock()), clock());
        deliverInBackground();
      } catch (error) {
        log.error({ err: error, sn: system.sysSn }, 'fault mails could not be queued');
      }
    },
    deliver,
    startRetries() {
      timer ??= setInterval(deliverInBackground, RETRY_EVERY_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
