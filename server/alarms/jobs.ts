import { declareJob } from '../core/jobs/declaration';
import { sweepAlarms } from './lifecycle';

/**
 * Every minute: alarms whose hold passed clear, systems that fell silent get their offline alarm and lose it when they
 * report again (server/alarms/lifecycle.ts). A lost run only delays this by a minute, so it is not retried.
 */
export const sweepAlarmsJob = declareJob({
  name: 'alarms.sweep',
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  async run({ db, clock, log }) {
    const changed = await sweepAlarms(db, clock());
    if (Object.values(changed).some((n) => n > 0)) log.info(changed, 'alarms swept');
  },
});
