import { afterEach, describe, expect, it } from 'vitest';
import { SHIPPED_JOB_NAMES } from '../../../contract/mailings-constants';
import type { Language } from '../../../contract/languages';
import { i18n, setLanguage } from '../../../src/i18n';
import { jobName } from '../../../src/features/mailings/schedule';

describe('mail job names in the reader’s language', () => {
  afterEach(() => setLanguage('en'));

  it('a shipped job under its seeded name reads in zh, ja and de; a name an editor wrote stays as written', async () => {
    const monthly = { kind: 'monthly_energy_report' as const, name: SHIPPED_JOB_NAMES.monthly_energy_report };
    const digest = { kind: 'weekly_fleet_digest' as const, name: SHIPPED_JOB_NAMES.weekly_fleet_digest };
    const expected = {
      zh: ['月度能源报告', '每周系统概况'],
      ja: ['月次エネルギーレポート', '週次システム概要'],
      de: ['Monatlicher Energiebericht', 'Wöchentliche Anlagenübersicht'],
    };
    for (const [language, [report, fleet]] of Object.entries(expected)) {
      await setLanguage(language as Language);
      expect(jobName(i18n.t, monthly)).toBe(report);
      expect(jobName(i18n.t, digest)).toBe(fleet);
      expect(jobName(i18n.t, { kind: 'monthly_energy_report', name: 'Bericht für Bayern' })).toBe('Bericht für Bayern');
    }
  });
});
