import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../config';
import type { SystemRow } from '../scope';
import { faultMails, type NewFault } from './fault-mails';
import { DEFAULT_PORTAL_URL } from './links';
import { deliverDueMails, queueMails } from './outbox';
import { createMailSeal, type MailSeal } from './seal';

export interface Mailer {
  /** Queues the mails about new faults of a system, then sends them in the background; never throws. */
  faultsRaised(system: SystemRow, faults: NewFault[]): Promise<void>;
  /** Mails the caller queued itself (in its own transaction, server/core/mail/account-mails.ts) go out now, in the background. */
  sendQueued(): void;
  /** Where people open the portal: the base of the links in mails. */
  readonly portalUrl: string;
  /** Seals the text of mails with secrets in the outbox (queueMails' last argument); delivery opens it. */
  readonly seal: MailSeal;
  /** Sends what is due now (the job of ./jobs.ts does this every minute for mails that failed or waited). */
  deliver(): Promise<{ sent: number; failed: number }>;
}

export function createMailer(deps: AppDeps, log: FastifyBaseLogger): Mailer {
  const { db, clock, config, mailTransport } = deps;
  const from = config.mailFrom ?? 'ESS Portal <no-reply@ess-portal.example>';
  const portalUrl = config.portalUrl ?? DEFAULT_PORTAL_URL;
  const seal = createMailSeal(config.jwtSecret);
  // One run at a time in this process; a delivery asked for during a run (mails queued meanwhile) makes the
  // run go round once more, so those mails do not wait for the next minute and `deliver()` covers them.
  let delivering: Promise<{ sent: number; failed: number }> | undefined;
  let askedAgain = false;

  const run = async () => {
    const total = { sent: 0, failed: 0 };
    do {
      askedAgain = false;
      const { sent, failed } = await deliverDueMails(db, mailTransport, from, clock(), seal);
      total.sent += sent;
      total.failed += failed;
    } while (askedAgain);
    return total;
  };
  const deliver = () => {
    if (delivering) askedAgain = true;
    else delivering = run().finally(() => (delivering = undefined));
    return delivering;
  };
  const deliverInBackground = () => void deliver().catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'));

  return {
    async faultsRaised(system, faults) {
      try {
        await queueMails(db, await faultMails(db, system, faults, portalUrl, clock()), clock());
        deliverInBackground();
      } catch (error) {
        log.error({ err: error, sn: system.sysSn }, 'fault mails could not be queued');
      }
    },
    sendQueued: deliverInBackground,
    portalUrl,
    seal,
    deliver,
  };
}
