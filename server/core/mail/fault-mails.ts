import type { Database } from '../db';
import type { FaultLevel } from '../../../contract/monitoring-constants';
import type { SystemRow } from '../scope';
import { systemPageUrl } from './links';
import type { QueuedMail } from './outbox';
import { faultRecipients, servicerAddressesOf } from './fault-routing';
import { recipientsFor, type Recipient } from './recipients';
import { faultTitle } from '../../../contract/fault-codes';
import { mailTexts } from './texts';

export const SYSTEM_FAULT = 'system_fault';

export interface NewFault {
  code: string;
  level: FaultLevel;
  description: string;
  startedAt: Date;
}

/**
 * One mail per recipient and new fault, in the recipient's language, with a link to the system's page they can open.
 * The recipients of each fault: the admin's rules, service engineers by their subscriptions, customers by their
 * preferences (./fault-routing.ts).
 */
export async function faultMails(db: Database, system: SystemRow, faults: NewFault[], portalUrl: string, now: Date): Promise<QueuedMail[]> {
  if (faults.length === 0) return [];
  const byRules = await recipientsFor(db, SYSTEM_FAULT, system, now);
  const servicers = await servicerAddressesOf(db);
  const mails: QueuedMail[] = [];
  for (const fault of faults) {
    for (const { address, language, roles, notBefore } of await faultRecipients(db, system, fault, byRules, servicers, now)) {
      mails.push({ ...faultMail(system, fault, address, language, roles, portalUrl), ...(notBefore ? { notBefore } : {}) });
    }
  }
  return mails;
}

/** The text of one fault's mail to one recipient. */
export function faultMail(
  system: SystemRow,
  fault: NewFault,
  address: string,
  language: Recipient['language'],
  roles: readonly string[] | undefined,
  portalUrl: string,
): QueuedMail {
  const t = mailTexts(language);
  const link = systemPageUrl(portalUrl, system.sysSn, roles);
  const level = t(`monitoring:status.${fault.level}`);
  const text = faultTitle(t, fault);
  const vars = { name: system.sysName, sn: system.sysSn, level, fault: text };
  const started = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: system.timeZone,
    timeZoneName: 'short',
  }).format(fault.startedAt);
  const body = [
    t('systemFault.greeting'),
    '',
    t('systemFault.intro', vars),
    '',
    `${t('systemFault.code')}: ${fault.code}`,
    `${t('systemFault.description')}: ${text}`,
    `${t('systemFault.started')}: ${started}`,
    `${t('systemFault.site')}: ${[system.address, system.city].filter(Boolean).join(', ')}`,
    '',
    t('systemFault.open', { link }),
    '',
    '—',
    t('systemFault.footer'),
  ].join('\n');
  return { category: SYSTEM_FAULT, recipient: address, language, subject: t('systemFault.subject', vars), body, systemId: system.id };
}
