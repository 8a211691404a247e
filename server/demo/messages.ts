import { eq, inArray, sql } from 'drizzle-orm';
import type { Audience } from '../../contract/messages';
import type { Database } from '../core/db';
import { demoMoment } from './time';
import { generatedReports, infoMessages, systems, userNotifications, users, type LocalizedText } from '../core/db/schema';
import { publishIn } from '../messages/service';

const DAY = 86_400_000;

interface DemoMessage {
  titles: LocalizedText;
  contents: LocalizedText;
  audience: Audience;
  /** Days before the seed it was published (negative: scheduled that many days ahead). */
  daysAgo: number;
  publicNoticeDays?: number;
  /** The demo users who have read it already. */
  readBy?: string[];
  /** Recalled by its publisher this many days before the seed (gone for its readers; the list shows it recalled). */
  recalledDaysAgo?: number;
}

/**
 * The demo's messages: a firmware release for the owners and installers of the fleet's main model, a
 * tariff change for the customers in Germany, a planned outage for everyone that is also a public notice on the
 * login page, a welcome written only in English and German (the others read it in English), and a maintenance
 * window scheduled three days ahead (published then by the job of ./jobs.ts), and a feed-in notice with a wrong date
 * that its publisher recalled an hour later.
 */
function demoMessages(mainModel: string | undefined): DemoMessage[] {
  return [
    {
      titles: {
        en: 'Welcome to the new ESS Portal',
        de: 'Willkommen im neuen ESS-Portal',
      },
      contents: {
        en: 'The portal now shows your notifications under the bell in the top bar. Open one to mark it read, or manage them all under Notifications.',
        de: 'Das Portal zeigt Ihre Benachrichtigungen jetzt unter der Glocke oben. Öffnen Sie eine, um sie als gelesen zu markieren, oder verwalten Sie alle unter Benachrichtigungen.',
      },
      audience: { everyone: true },
      daysAgo: 20,
      readBy: ['customer', 'installer', 'servicer', 'admin'],
    },
    {
      titles: {
        en: 'Firmware 3.2.0 released for your inverter',
        zh: '逆变器固件 3.2.0 已发布',
        de: 'Firmware 3.2.0 für Ihren Wechselrichter veröffentlicht',
        ja: 'インバーターのファームウェア 3.2.0 を公開しました',
      },
      contents: {
        en: 'Version 3.2.0 improves battery charging in cold weather and fixes the rare loss of the grid meter connection. Systems online receive it automatically over the next two weeks; no action is needed.',
        zh: '3.2.0 版本改善了低温下的电池充电，并修复了偶发的电表连接中断问题。在线系统将在未来两周内自动升级，无需任何操作。',
        de: 'Version 3.2.0 verbessert das Laden der Batterie bei Kälte und behebt den seltenen Verbindungsverlust zum Netzzähler. Online-Systeme erhalten sie in den nächsten zwei Wochen automatisch; Sie müssen nichts tun.',
        ja: 'バージョン 3.2.0 では低温時のバッテリー充電が改善され、まれに発生する系統メーターとの接続断が修正されました。オンラインのシステムには今後2週間で自動的に配信されます。操作は不要です。',
      },
      audience: mainModel ? { models: [mainModel] } : { roles: ['customer', 'installer'] },
      daysAgo: 6,
      readBy: ['installer'],
    },
    {
      titles: {
        en: 'Feed-in tariff change from 1 January',
        zh: '1 月 1 日起上网电价调整',
        de: 'Änderung der Einspeisevergütung ab 1. Januar',
        ja: '1月1日からの売電単価の変更',
      },
      contents: {
        en: 'The feed-in tariff for new and existing systems in Germany changes on 1 January. Please check your electricity price settings so that the portal computes your savings with the new rate.',
        zh: '德国新旧系统的上网电价将于 1 月 1 日调整。请检查您的电价设置，以便门户按新费率计算您的收益。',
        de: 'Die Einspeisevergütung für neue und bestehende Anlagen in Deutschland ändert sich zum 1. Januar. Bitte prüfen Sie Ihre Strompreis-Einstellungen, damit das Portal Ihre Ersparnis mit dem neuen Satz berechnet.',
        ja: 'ドイツの新規および既存システムの売電単価が1月1日に変更されます。ポータルが新しい単価で節約額を計算できるよう、電気料金の設定をご確認ください。',
      },
      audience: { roles: ['customer', 'installer'], countries: ['DE'] },
      daysAgo: 2,
    },
    {
      titles: {
        en: 'Planned maintenance: portal offline on Sunday 02:00–04:00 UTC',
        zh: '计划维护：周日 02:00–04:00 (UTC) 门户暂停服务',
        de: 'Geplante Wartung: Portal am Sonntag 02:00–04:00 UTC nicht erreichbar',
        ja: '計画メンテナンス：日曜 02:00〜04:00 (UTC) ポータル停止',
      },
      contents: {
        en: 'We upgrade the servers on Sunday between 02:00 and 04:00 UTC. The portal and the app are unavailable during this time; your systems keep running and their data is sent afterwards.',
        zh: '我们将于周日 02:00 至 04:00 (UTC) 升级服务器。期间门户和 App 无法使用；您的系统照常运行，数据将在之后补传。',
        de: 'Wir aktualisieren am Sonntag zwischen 02:00 und 04:00 UTC die Server. Portal und App sind in dieser Zeit nicht erreichbar; Ihre Anlagen laufen weiter und senden ihre Daten danach.',
        ja: '日曜 02:00〜04:00 (UTC) にサーバーを更新します。この間ポータルとアプリはご利用いただけませんが、システムは通常どおり稼働し、データは後から送信されます。',
      },
      audience: { everyone: true },
      daysAgo: 1,
      publicNoticeDays: 7,
    },
    {
      titles: {
        en: 'Battery health check campaign in December',
        zh: '12 月电池健康检查活动',
        de: 'Batterie-Gesundheitscheck im Dezember',
        ja: '12月のバッテリー健康診断キャンペーン',
      },
      contents: {
        en: 'In December our service team reviews the battery health of every system remotely. You will receive a short report afterwards.',
        zh: '12 月，我们的服务团队将远程检查每套系统的电池健康状况，之后您会收到一份简短报告。',
        de: 'Im Dezember prüft unser Service-Team den Batteriezustand jeder Anlage aus der Ferne. Sie erhalten danach einen kurzen Bericht.',
        ja: '12月にサービスチームがすべてのシステムのバッテリー状態を遠隔で確認します。後日、簡単なレポートをお送りします。',
      },
      audience: { roles: ['customer'] },
      daysAgo: -3,
    },
    {
      titles: {
        en: 'Feed-in limit changes on 1 October',
        zh: '10 月 1 日起上网功率限制调整',
        de: 'Einspeisegrenze ändert sich am 1. Oktober',
        ja: '10月1日から売電上限が変わります',
      },
      contents: {
        en: 'From 1 October the feed-in limit of every system rises to 70 % of its rated power.',
        zh: '自 10 月 1 日起，每套系统的上网功率限制提高到额定功率的 70 %。',
        de: 'Ab 1. Oktober steigt die Einspeisegrenze jeder Anlage auf 70 % ihrer Nennleistung.',
        ja: '10月1日から、各システムの売電上限が定格出力の70 %に引き上げられます。',
      },
      audience: { roles: ['customer', 'installer'] },
      daysAgo: 6,
      recalledDaysAgo: 6 - 1 / 24,
    },
  ];
}

/** Adds the demo's messages once (nothing when any message staff wrote exists). */
export async function seedMessagesDemo(db: Database, { now }: { now: Date }): Promise<void> {
  // A background report's notice (server/reports/notify.ts, made by the mailings seed before this) is no message staff wrote.
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(infoMessages)
    .where(sql`NOT EXISTS (SELECT 1 FROM ${generatedReports} WHERE ${generatedReports.messageId} = ${infoMessages.id})`)) as [
    { n: number },
  ];
  if (Number(n) > 0) return;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'servicer'));
  const [main] = await db
    .select({ model: systems.minv, n: sql<number>`count(*)::int` })
    .from(systems)
    .groupBy(systems.minv)
    .orderBy(sql`count(*) DESC`)
    .limit(1);
  for (const [i, message] of demoMessages(main?.model).entries()) {
    // Published (or to be) at a time of day of its own, not at the minute the demo was seeded.
    const at = demoMoment(now, message.daysAgo, `message:${i}`);
    const scheduled = message.daysAgo < 0;
    const [row] = await db
      .insert(infoMessages)
      .values({
        titles: message.titles,
        contents: message.contents,
        audience: message.audience,
        publicNotice: message.publicNoticeDays !== undefined,
        noticeUntil: message.publicNoticeDays !== undefined ? new Date(now.getTime() + message.publicNoticeDays * DAY) : null,
        status: scheduled ? 'scheduled' : 'draft',
        publishAt: scheduled ? at : null,
        createdBy: author?.id ?? null,
        publishedBy: author?.id ?? null,
        createdAt: new Date(Math.min(at.getTime(), now.getTime()) - DAY),
        updatedAt: new Date(Math.min(at.getTime(), now.getTime()) - DAY),
      })
      .returning({ id: infoMessages.id });
    if (scheduled) continue;
    await db.transaction((tx) => publishIn(tx, row!.id, at, undefined, { from: ['draft'] }));
    if (message.recalledDaysAgo !== undefined) {
      const recalledAt = new Date(at.getTime() + (message.daysAgo - message.recalledDaysAgo) * DAY);
      await db
        .update(infoMessages)
        .set({ status: 'recalled', recalledAt, recalledBy: author?.id ?? null, updatedAt: recalledAt })
        .where(eq(infoMessages.id, row!.id));
    }
    if (message.readBy?.length) {
      const readers = await db.select({ id: users.id }).from(users).where(inArray(users.username, message.readBy));
      await db
        .update(userNotifications)
        .set({ readAt: new Date(at.getTime() + 3_600_000) })
        .where(
          sql`${userNotifications.messageId} = ${row!.id} AND ${inArray(
            userNotifications.userId,
            readers.map((r) => r.id),
          )}`,
        );
    }
  }
}
