import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Language } from '../../contract/languages';
import type { MailJobKind } from '../../contract/mailings-constants';
import type { Database } from '../core/db';
import { systemFaults, systems } from '../core/db/schema';
import { mailTexts } from '../core/mail/texts';
import { incomeBars } from '../monitoring/income/service';
import { systemsInScope, type SystemRow, type Viewer } from '../core/system-scope';
import { periodBars } from '../monitoring/stats/service';
import type { Target } from '../monitoring/target';
import { startOfLocalDay } from './schedule';

/** One recipient as the composer needs them. */
export interface MailRecipient {
  id: number;
  username: string;
  displayName: string;
  email: string;
  language: Language;
  roles: readonly string[];
  installerCompanyId: number | null;
  organizationId: number | null;
}

/** The month's figures of a set of systems: the same functions as /Power/SticsByPeriod and /Income/PayoffStatistic. */
export interface MonthFigures {
  pv_kwh: number;
  load_kwh: number;
  import_kwh: number;
  export_kwh: number;
  /** Self-sufficiency, % (null without consumption). */
  autarky_rate: number | null;
  self_consumption_rate: number | null;
  savings: number;
  currency: string;
  days: { label: string; pv_kwh: number; load_kwh: number }[];
}

export async function monthFigures(db: Database, target: Target, month: string, now: Date): Promise<MonthFigures> {
  const date = `${month}-01`;
  const energy = await periodBars(db, target, 'month', date);
  const income = await incomeBars(db, target, 'month', date, now);
  const t = energy.totals;
  return {
    pv_kwh: t.pv_kwh,
    load_kwh: t.load_kwh,
    import_kwh: t.import_kwh,
    export_kwh: t.export_kwh,
    autarky_rate: t.autarky_rate,
    self_consumption_rate: t.self_consumption_rate,
    savings: income.total,
    currency: income.currency,
    days: energy.bars.map((b) => ({ label: b.label, pv_kwh: b.pv_kwh, load_kwh: b.load_kwh })),
  };
}

/** A customer's 'All' (what /Power/SticsByPeriod answers for sn 'All'): their systems, the first one's zone and currency. */
export function targetOf(list: SystemRow[]): Target {
  return { systems: list, timeZone: list[0]!.timeZone, currency: list[0]!.currency };
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  /** What the mail reported (kept with the delivery, for the run's report). */
  figures: Record<string, unknown>;
}

/**
 * The portal's own reasons why a recipient got no mail, stored as these keys (the screen says them in the reader's
 * language, locales mailings:deliveryReason); a mail server's answer is stored as it came.
 */
export const DELIVERY_REASONS = { noEmail: 'noEmail', noSystems: 'noSystems', monthlyReportOff: 'monthlyReportOff' } as const;

/** Nothing to tell this recipient (no systems): the run counts them as skipped with this reason. */
export class NothingToReport extends Error {}

const SCOPED = new Set(['customer', 'installer', 'reseller', 'servicepartner']);

/** The recipient's systems as their own role sees them (never an unscoped staff role: a report is about one's own). */
async function systemsOf(db: Database, recipient: MailRecipient, roles: string[], now: Date): Promise<SystemRow[]> {
  const scoped = roles.filter((r) => recipient.roles.includes(r) && SCOPED.has(r));
  if (scoped.length === 0) return [];
  const viewer: Viewer = {
    id: recipient.id,
    roles: scoped,
    installerCompanyId: recipient.installerCompanyId,
    organizationId: recipient.organizationId,
  };
  return systemsInScope(db, viewer, now);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function numberFormat(language: Language, digits = 1) {
  const f = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (v: number | null) => (v === null ? '–' : f.format(v));
}
function moneyFormat(language: Language, currency: string) {
  const f = new Intl.NumberFormat(language, { style: 'currency', currency });
  return (v: number) => f.format(v);
}

function htmlPage(title: string, inner: string, footer: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b6b4f;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${esc(title)}</td></tr>
<tr><td style="padding:20px 24px;font-size:14px;line-height:1.5">${inner}</td></tr>
<tr><td style="padding:12px 24px;font-size:12px;color:#6b7280">${esc(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A bar chart of the month's daily PV yield as table cells (rendered by mail clients without images or scripts). */
function dayChart(days: MonthFigures['days'], caption: string): string {
  const max = Math.max(0.001, ...days.map((d) => d.pv_kwh));
  const cells = days
    .map((d) => {
      const h = Math.max(1, Math.round((d.pv_kwh / max) * 80));
      return `<td valign="bottom" align="center" style="padding:0 1px"><div title="${esc(d.label)}: ${d.pv_kwh} kWh" style="width:100%;height:${h}px;background:#f5a623;font-size:0;line-height:0">&nbsp;</div></td>`;
    })
    .join('');
  const labels = days.map((d) => `<td align="center" style="font-size:9px;color:#6b7280">${Number(d.label.slice(8))}</td>`).join('');
  return `<p style="margin:16px 0 4px;font-weight:bold">${esc(caption)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="table-layout:fixed;height:84px"><tr style="height:80px">${cells}</tr><tr>${labels}</tr></table>`;
}

function figureTable(rows: [string, string][]): string {
  return `<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="border-bottom:1px solid #e5e7eb">${esc(k)}</td><td align="right" style="border-bottom:1px solid #e5e7eb;font-weight:bold">${esc(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

function greeting(t: TFunction, r: MailRecipient) {
  return t('mailings:mail.greeting', { name: r.displayName || r.username });
}

function monthName(language: Language, month: string) {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The monthly report to a customer: their systems' month in figures, the savings and a chart of the days. */
async function monthlyForCustomer(db: Database, r: MailRecipient, month: string, list: SystemRow[], now: Date, portalUrl: string) {
  const t = mailTexts(r.language);
  const n = numberFormat(r.language);
  const f = await monthFigures(db, targetOf(list), month, now);
  const money = moneyFormat(r.language, f.currency);
  const title = t('mailings:mail.monthly.subject', { month: monthName(r.language, month) });
  const rows: [string, string][] = [
    [t('mailings:mail.figures.pv'), `${n(f.pv_kwh)} kWh`],
    [t('mailings:mail.figures.load'), `${n(f.load_kwh)} kWh`],
    [t('mailings:mail.figures.import'), `${n(f.import_kwh)} kWh`],
    [t('mailings:mail.figures.export'), `${n(f.export_kwh)} kWh`],
    [t('mailings:mail.figures.autarky'), f.autarky_rate === null ? '–' : `${n(f.autarky_rate)} %`],
    [t('mailings:mail.figures.savings'), money(f.savings)],
  ];
  const intro = t('mailings:mail.monthly.intro', { month: monthName(r.language, month), count: list.length });
  const text = [
    greeting(t, r),
    '',
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    t('mailings:mail.chartCaption'),
    ...f.days.map(
      (d) =>
        `${d.label.slice(8)} ${'█'.repeat(Math.round((d.pv_kwh / Math.max(0.001, ...f.days.map((x) => x.pv_kwh))) * 20))} ${n(d.pv_kwh)}`,
    ),
    '',
    t('mailings:mail.open', { link: portalUrl }),
  ].join('\n');
  const html = htmlPage(
    title,
    `<p>${esc(greeting(t, r))}</p><p>${esc(intro)}</p>${figureTable(rows)}${f.days.length ? dayChart(f.days, t('mailings:mail.chartCaption')) : ''}<p style="margin-top:16px"><a href="${esc(portalUrl)}" style="color:#0b6b4f">${esc(t('mailings:mail.openLink'))}</a></p>`,
    t('mailings:mail.footer'),
  );
  return { subject: title, text, html, figures: { month, systems: list.map((s) => s.sysSn), ...f, days: undefined } };
}

/** The monthly report to an installer (or partner): each of their customers' systems with the month's figures. */
async function monthlyForInstaller(db: Database, r: MailRecipient, month: string, list: SystemRow[], now: Date, portalUrl: string) {
  const t = mailTexts(r.language);
  const n = numberFormat(r.language);
  const per: { system: SystemRow; f: MonthFigures }[] = [];
  for (const system of list) per.push({ system, f: await monthFigures(db, targetOf([system]), month, now) });
  const title = t('mailings:mail.monthly.installerSubject', { month: monthName(r.language, month) });
  const intro = t('mailings:mail.monthly.installerIntro', { month: monthName(r.language, month), count: list.length });
  const head = [
    t('mailings:mail.figures.system'),
    t('mailings:mail.figures.pv'),
    t('mailings:mail.figures.load'),
    t('mailings:mail.figures.autarky'),
    t('mailings:mail.figures.savings'),
  ];
  const line = ({ system, f }: (typeof per)[number]) => [
    system.sysName ? `${system.sysName} (${system.sysSn})` : system.sysSn,
    `${n(f.pv_kwh)} kWh`,
    `${n(f.load_kwh)} kWh`,
    f.autarky_rate === null ? '–' : `${n(f.autarky_rate)} %`,
    moneyFormat(r.language, f.currency)(f.savings),
  ];
  const text = [
    greeting(t, r),
    '',
    intro,
    '',
    ...per.map((p) => line(p).join(' | ')),
    '',
    t('mailings:mail.open', { link: portalUrl }),
  ].join('\n');
  const table = `<table role="presentation" width="100%" cellpadding="4" cellspacing="0" style="border-collapse:collapse;font-size:12px"><tr>${head
    .map((h) => `<th align="left" style="border-bottom:2px solid #e5e7eb">${esc(h)}</th>`)
    .join('')}</tr>${per
    .map(
      (p) =>
        `<tr>${line(p)
          .map((c) => `<td style="border-bottom:1px solid #e5e7eb">${esc(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('')}</table>`;
  const html = htmlPage(title, `<p>${esc(greeting(t, r))}</p><p>${esc(intro)}</p>${table}`, t('mailings:mail.footer'));
  return {
    subject: title,
    text,
    html,
    figures: {
      month,
      systems: per.map(({ system, f }) => ({ sn: system.sysSn, pv_kwh: f.pv_kwh, savings: f.savings, currency: f.currency })),
    },
  };
}

/** The weekly fleet digest: the recipient's systems, the faults that began in the week, the systems offline now. */
async function weeklyDigest(
  db: Database,
  r: MailRecipient,
  week: { label: string; from: string; to: string },
  list: SystemRow[],
  portalUrl: string,
) {
  const t = mailTexts(r.language);
  const zone = list[0]!.timeZone;
  const since = startOfLocalDay(week.from, zone);
  const until = new Date(startOfLocalDay(week.to, zone).getTime() + 86_400_000);
  const ids = list.map((s) => s.id);
  const faults = await db
    .select({
      sn: systems.sysSn,
      code: systemFaults.code,
      level: systemFaults.level,
      description: systemFaults.description,
      startedAt: systemFaults.startedAt,
    })
    .from(systemFaults)
    .innerJoin(systems, eq(systems.id, systemFaults.systemId))
    .where(and(inArray(systemFaults.systemId, ids), gte(systemFaults.startedAt, since), lt(systemFaults.startedAt, until)))
    .orderBy(systemFaults.startedAt);
  const offline = list.filter((s) => s.emsStatus === 'offline');
  const when = new Intl.DateTimeFormat(r.language, { dateStyle: 'short', timeStyle: 'short', timeZone: zone });
  const title = t('mailings:mail.weekly.subject', { from: week.from, to: week.to });
  const summary = t('mailings:mail.weekly.summary', { systems: list.length, faults: faults.length, offline: offline.length });
  const SHOWN = 25;
  const faultLines = faults
    .slice(0, SHOWN)
    .map(
      (f) =>
        `${f.sn} · ${f.code} · ${t(`monitoring:status.${f.level}`, { defaultValue: f.level })} · ${when.format(f.startedAt)} · ${f.description}`,
    );
  const offlineLines = offline.map(
    (s) => `${s.sysSn}${s.sysName ? ` (${s.sysName})` : ''} · ${s.lastSeenAt ? when.format(s.lastSeenAt) : '–'}`,
  );
  const more = faults.length > SHOWN ? t('mailings:mail.weekly.more', { count: faults.length - SHOWN }) : '';
  const text = [
    greeting(t, r),
    '',
    summary,
    '',
    `${t('mailings:mail.weekly.faults')}:`,
    ...(faultLines.length ? faultLines : [t('mailings:mail.weekly.none')]),
    more,
    '',
    `${t('mailings:mail.weekly.offline')}:`,
    ...(offlineLines.length ? offlineLines : [t('mailings:mail.weekly.none')]),
    '',
    t('mailings:mail.open', { link: portalUrl }),
  ].join('\n');
  const list2 = (lines: string[]) =>
    lines.length
      ? `<ul style="padding-left:18px;margin:4px 0">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
      : `<p style="color:#6b7280">${esc(t('mailings:mail.weekly.none'))}</p>`;
  const html = htmlPage(
    title,
    `<p>${esc(greeting(t, r))}</p><p>${esc(summary)}</p><p style="font-weight:bold;margin-bottom:0">${esc(t('mailings:mail.weekly.faults'))}</p>${list2(faultLines)}${more ? `<p>${esc(more)}</p>` : ''}<p style="font-weight:bold;margin-bottom:0">${esc(t('mailings:mail.weekly.offline'))}</p>${list2(offlineLines)}<p><a href="${esc(portalUrl)}" style="color:#0b6b4f">${esc(t('mailings:mail.openLink'))}</a></p>`,
    t('mailings:mail.footer'),
  );
  return {
    subject: title,
    text,
    html,
    figures: { period: week.label, systems: list.length, faults: faults.length, offline: offline.map((s) => s.sysSn) },
  };
}

/** The mail of a job's kind for one recipient over a period (throws NothingToReport when they have no systems). */
export async function composeMail(
  db: Database,
  kind: MailJobKind,
  recipient: MailRecipient,
  period: { label: string; from: string; to: string },
  options: { includeInstallers: boolean; now: Date; portalUrl: string },
): Promise<ComposedMail> {
  const { now, portalUrl } = options;
  if (kind === 'monthly_energy_report') {
    const own = await systemsOf(db, recipient, ['customer'], now);
    if (own.length > 0) return monthlyForCustomer(db, recipient, period.label, own, now, portalUrl);
    if (options.includeInstallers || !recipient.roles.includes('customer')) {
      const theirs = await systemsOf(db, recipient, ['installer', 'reseller', 'servicepartner'], now);
      if (theirs.length > 0) return monthlyForInstaller(db, recipient, period.label, theirs, now, portalUrl);
    }
    throw new NothingToReport(DELIVERY_REASONS.noSystems);
  }
  const fleet = await systemsOf(db, recipient, ['installer', 'reseller', 'servicepartner'], now);
  if (fleet.length === 0) throw new NothingToReport(DELIVERY_REASONS.noSystems);
  return weeklyDigest(db, recipient, period, fleet, portalUrl);
}
