import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../config';
import { incomeBarsAnswer, payoffTotalAnswer } from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import { envelopeOf, ok } from '../../core/http/envelope';
import { exportTexts } from '../exports/texts';
import { sendXlsx, xlsxExport } from '../exports/xlsx';
import { incomeBars, payoffTotalOf, updateSystemCost, type IncomeBar } from './service';
import { localDate, resolveTarget } from '../target';
import { contextOf, userLogViewOf } from '../context';

const tags = ['Income'];

/** A column of bars added up in whole cents (each bar is already whole cents). */
const sumOf = (bars: IncomeBar[], key: 'savings' | 'feed_in') =>
  Math.round(bars.reduce((acc, b) => acc + Math.round(b[key] * 100), 0)) / 100;

/** /api/Income/*: income bars, payback, the system cost, and the income export. */
export const incomeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now, ownSystem } = contextOf(deps);

  const bars = async (
    request: { body: { sn: string; period: 'month' | 'year' | 'lifetime'; date?: string } } & Parameters<typeof viewer>[0],
  ) => {
    const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
    const date = request.body.date ?? localDate(now(), target.timeZone);
    return { period: request.body.period, date, ...(await incomeBars(db, target, request.body.period, date, now())) };
  };

  app.post('/Income/PayoffStatistic', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags,
      summary: 'Income (savings + feed-in) per day / month / year',
      body: s.periodBody,
      response: { 200: envelopeOf(incomeBarsAnswer) },
    },
    handler: async (request) => ok(await bars(request)),
  });

  app.post('/Income/PayoffTotalResult', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags,
      summary: "Income so far, system cost and the payback date of one system, or of the caller's systems together ('All')",
      body: s.snBody,
      response: { 200: envelopeOf(payoffTotalAnswer) },
    },
    handler: async (request) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      // The cost is the owner's figure (DESIGN §6): its owner and our own staff read it, partners and sharers do not.
      return ok(await payoffTotalOf(db, target, now(), (system) => userLogViewOf(request, system).cost));
    },
  });

  app.post('/Income/UpdateSystemCost', {
    config: { permission: { subject: 'systemCost', action: 'update' } },
    schema: {
      tags,
      summary: 'Set what the system cost (and its currency): its owner only',
      body: s.systemCostBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      // The owner's own figure: a system shared with them, or seen through another role, answers as foreign.
      const { sn, ...cost } = request.body;
      await updateSystemCost(db, await ownSystem(request, sn), cost, request, now());
      return ok(null);
    },
  });

  app.post('/Income/ExportPayoffStatistic', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: {
      tags,
      summary: "The income bars as xlsx, with their total in the last row, headers in the caller's language (code 8 when empty)",
      body: s.periodBody,
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const result = await bars(request);
      // The total row is the same sum of day amounts as the card's total: the sheet agrees with the card to the cent.
      const t = await exportTexts(db, request);
      const total = {
        label: t('monitoring:xlsx.total'),
        savings: sumOf(result.bars, 'savings'),
        feed_in: sumOf(result.bars, 'feed_in'),
        income: result.total,
      };
      const currency = { currency: result.currency };
      return sendXlsx(
        reply,
        `income-${request.body.sn}-${request.body.period}-${result.date}.xlsx`,
        t('monitoring:xlsx.incomeSheet'),
        [
          { header: t('monitoring:xlsx.period'), value: (b) => b.label },
          { header: t('monitoring:xlsx.savings', currency), value: (b) => b.savings },
          { header: t('monitoring:xlsx.feedIn', currency), value: (b) => b.feed_in },
          { header: t('monitoring:xlsx.income', currency), value: (b) => b.income },
        ],
        result.bars.length ? [...result.bars, total] : [],
      );
    },
  });
};
