import type { FastifyPluginAsync } from 'fastify';
import { incomeCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { contextOf, userLogViewOf } from '../context';
import { incomeSheet } from '../exports/income';
import { exportTexts } from '../exports/texts';
import { xlsxFile } from '../exports/xlsx';
import { resolveTarget } from '../target';
import { incomeBarsOf, payoffTotalOf, updateSystemCost } from './service';

/**
 * /api/Income/*: income bars, payback, the system cost, and the income export. Each call is an object of
 * contract/monitoring-calls.ts (incomeCalls).
 */
export const incomeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { viewer, now, ownSystem } = contextOf(deps);

  await registerEndpoint(app, calls.bars, async (actor, body) => incomeBarsOf(db, await viewer(actor), body, now()));
  await registerEndpoint(app, calls.payoff, async (actor, { sn }) => {
    const target = await resolveTarget(db, await viewer(actor), sn, now());
    // The cost is the owner's figure (DESIGN §6): its owner and our own staff read it, partners and sharers do not.
    return payoffTotalOf(db, target, now(), (system) => userLogViewOf(actor, system).cost);
  });
  // The owner's own figure: a system shared with them, or seen through another role, answers as foreign.
  await registerEndpoint(app, calls.updateSystemCost, async (actor, { sn, ...cost }) => {
    await updateSystemCost(db, await ownSystem(actor, sn), cost, actor, now());
    return null;
  });
  await registerEndpoint(app, calls.exportBars, async (actor, body) => {
    const result = await incomeBarsOf(db, await viewer(actor), body, now());
    const sheet = incomeSheet(await exportTexts(db, actor), body.sn, result);
    return xlsxFile(sheet.fileName, sheet.sheetName, sheet.columns, sheet.rows);
  });
};
