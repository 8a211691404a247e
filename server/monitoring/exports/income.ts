import type { TFunction } from 'i18next';
import type { IncomeBar } from '../../../contract/monitoring';
import type { Column } from './xlsx';

/** A column of bars added up in whole cents (each bar is already whole cents). */
const sumOf = (bars: IncomeBar[], key: 'savings' | 'feed_in') =>
  Math.round(bars.reduce((acc, b) => acc + Math.round(b[key] * 100), 0)) / 100;

/**
 * The income export's file, sheet, columns and rows in the reader's language: the bars and, in the last row, their
 * total, the same sum of day amounts as the card's total, so the sheet agrees with the card to the cent.
 */
export function incomeSheet(
  t: TFunction,
  sn: string,
  result: { period: string; date: string; currency: string; bars: IncomeBar[]; total: number },
) {
  const currency = { currency: result.currency };
  const total = {
    label: t('monitoring:xlsx.total'),
    savings: sumOf(result.bars, 'savings'),
    feed_in: sumOf(result.bars, 'feed_in'),
    income: result.total,
  };
  const columns: Column<IncomeBar>[] = [
    { header: t('monitoring:xlsx.period'), value: (b) => b.label },
    { header: t('monitoring:xlsx.savings', currency), value: (b) => b.savings },
    { header: t('monitoring:xlsx.feedIn', currency), value: (b) => b.feed_in },
    { header: t('monitoring:xlsx.income', currency), value: (b) => b.income },
  ];
  return {
    fileName: `income-${sn}-${result.period}-${result.date}.xlsx`,
    sheetName: t('monitoring:xlsx.incomeSheet'),
    columns,
    rows: result.bars.length ? [...result.bars, total] : [],
  };
}
