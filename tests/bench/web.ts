import { launchChromium } from '../chromium';
import { measureFirstContent, medianFirstContent } from './first-content';
import { lighthouseScores } from './lighthouse';
import type { Figure } from './report';
import { loginTokens, serveApp, startBenchPortal } from './web-portal';

/** Cold loads per page; the median is kept. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/** Lighthouse audits per page; the median score is kept. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A figure of the customer dashboard: the first statistic value (lifetime PV, today's yield…). */
const FIRST_FIGURE = '.monitor .ant-statistic-content-value';
const FIRST_ROW = '.ant-table-tbody tr.ant-table-row';
const CUSTOMER_DASHBOARD = '/dashboard';
const STORAGE_LIST = '/EnergyStorageList/energyStorageList';

/**
 * The web budgets, against the blank Refine + antd app showing one table row from a
 * local JSON, built from the same packages and served the same way, in the same Chromium, in the same run:
 * compressed JavaScript fetched before the first figure / row and the time to it on a cold cache, for the
 * customer dashboard and the storage list; then Lighthouse's desktop scores of /Login and both pages, with the
 * blank app's own performance score on the same machine beside them.
 */
export async function webFigures(distDir: string, blankDir: string): Promise<Figure[]> {
  const portal = await startBenchPortal(distDir);
  const blank = await serveApp(blankDir);
  const browser = await launchChromium();
  try {
    const customer = await loginTokens(portal, 'customer');
    const admin = await loginTokens(portal, 'admin');
    const reference = await medianFirstContent(RUNS, () => measureFirstContent(browser, `${blank.url}/`, FIRST_ROW));
    const dashboard = await medianFirstContent(RUNS, () =>
      measureFirstContent(browser, portal.url + CUSTOMER_DASHBOARD, FIRST_FIGURE, customer),
    );
    const storage = await medianFirstContent(RUNS, () => measureFirstContent(browser, portal.url + STORAGE_LIST, FIRST_ROW, admin));
    const blankName = 'the blank app’s first table row';
    const figures: Figure[] = [
      {
        name: `Customer dashboard: compressed JavaScript before the first figure vs ${blankName}`,
        ours: dashboard.jsBytes,
        reference: reference.jsBytes,
        unit: 'bytes',
        budget: { kind: 'max', ratio: 1.5 },
      },
      {
        name: `Storage list: compressed JavaScript before the first row vs ${blankName}`,
        ours: storage.jsBytes,
        reference: reference.jsBytes,
        unit: 'bytes',
        budget: { kind: 'max', ratio: 1.5 },
      },
      {
        name: `Customer dashboard: time to the first figure, cold cache, vs ${blankName} (median of ${RUNS})`,
        ours: dashboard.ms,
        reference: reference.ms,
        unit: 'ms',
        budget: { kind: 'max', ratio: 1.5 },
      },
      {
        name: `Storage list: time to the first row, cold cache, vs ${blankName} (median of ${RUNS})`,
        ours: storage.ms,
        reference: reference.ms,
        unit: 'ms',
        budget: { kind: 'max', ratio: 1.5 },
      },
    ];
    await browser.close();

    // The blank app is audited in the same run as the portal's pages: what the same packages score on this machine
    // with one table and nothing else, printed beside each performance score (the budget itself stays 95).
    const [blankScores, ...scores] = await lighthouseScores(
      [
        { name: 'the blank app', url: `${blank.url}/` },
        { name: '/Login', url: `${portal.url}/Login` },
        { name: 'customer dashboard', url: portal.url + CUSTOMER_DASHBOARD, storage: await loginTokens(portal, 'customer') },
        { name: 'storage list', url: portal.url + STORAGE_LIST, storage: await loginTokens(portal, 'admin') },
      ],
      LIGHTHOUSE_RUNS,
    );
    const onThisMachine =
      `the blank app scores ${blankScores!.performance} (${blankScores!.runs.join(', ')}) here; ` +
      `Lighthouse's CPU benchmark index of the machine ${blankScores!.benchmarkIndex} (under 1000 is slower than it expects)`;
    for (const score of scores) {
      // A score out of 100: the reference is the full score, the budget 95 of it.
      for (const category of ['performance', 'accessibility'] as const) {
        figures.push({
          name: `Lighthouse desktop ${category}, ${score.name} (score out of 100, median of ${LIGHTHOUSE_RUNS})`,
          ours: score[category],
          reference: 100,
          unit: 'points',
          budget: { kind: 'min', ratio: 0.95 },
          ...(category === 'accessibility'
            ? score.failedAccessibility.length
              ? { detail: `failing: ${score.failedAccessibility.join('; ')}` }
              : {}
            : { detail: `runs: ${score.runs.join(', ')}; ${onThisMachine}` }),
        });
      }
    }
    return figures;
  } finally {
    await browser.close().catch(() => {});
    await blank.close();
    await portal.close();
  }
}
