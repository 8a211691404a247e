import type { Database } from '../db';
import type { FaultLevel } from '../db/schema/monitoring';
import type { SystemRow } from '../scope';
import { systemPageUrl } from './links';
import type { QueuedMail } from './outbox';
import { recipientsFor } from './recipients';
import { mailTexts } from './texts';

export const SYSTEM_FAULT = 'system_fault';

export interface NewFault {
  code: string;
  level: FaultLevel;
  description: string;
  startedAt: Date;
}

/** One mail per recipient and new fault, in the recipient's language, with a link to the system's page they can open. */
export async function faultMails(db: Database, system: SystemRow, faults: NewFault[], portalUrl: string, now: Date): Promise<QueuedMail[]> {
  if (faults.length === 0) return [];
  const recipients = await recipientsFor(db, SYSTEM_FAULT, system, now);
  return recipients.flatMap(({ address, language, roles }) => {
    const t = mailTexts(language);
    const link = systemPageUrl(portalUrl, system.sysSn, roles);
    return faults.map((fault) => {
      const level = t(`monitoring:status.${fault.level}`);
      const text = /^[A-Za-z0-9_-]+$/.test(fault.code)
        ? t(`monitoring:faults.${fault.code}`, { defaultValue: fault.description })
        : fault.description;
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
    });
  });
}
