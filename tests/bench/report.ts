/** One benchmark figure: ours against its reference measured in the same run, and the budget for the ratio. */
export interface Figure {
  name: string;
  ours: number;
  reference: number;
  unit: string;
  /** 'max': the ratio must stay at or below the budget (sizes, latencies); 'min': at or above (throughput). */
  budget: { kind: 'max' | 'min'; ratio: number };
  /** Counts that must be 0 besides the ratio (errors, timeouts), printed with the figure. */
  mustBeZero?: Record<string, number>;
  /** Printed after the figure (e.g. the p99 of a load run). */
  detail?: string;
}

export function ratioOf(figure: Figure): number {
  return figure.ours / figure.reference;
}

export function withinBudget(figure: Figure): boolean {
  const ratio = ratioOf(figure);
  const ratioWithin = figure.budget.kind === 'max' ? ratio <= figure.budget.ratio : ratio >= figure.budget.ratio;
  return ratioWithin && Object.values(figure.mustBeZero ?? {}).every((count) => count === 0);
}

export function printFigure(figure: Figure) {
  const ratio = ratioOf(figure);
  const sign = figure.budget.kind === 'max' ? '≤' : '≥';
  const verdict = withinBudget(figure) ? 'within budget' : 'OVER BUDGET';
  const counts = Object.entries(figure.mustBeZero ?? {}).map(([name, count]) => `${count} ${name} (budget 0)`);
  const extra = [...counts, ...(figure.detail ? [figure.detail] : [])].map((text) => `, ${text}`).join('');
  console.log(
    `${figure.name}: ${ratio.toFixed(2)}× (ours ${format(figure.ours)} ${figure.unit}, reference ${format(figure.reference)} ${figure.unit}; budget ${sign} ${figure.budget.ratio}×${extra}) ${verdict}`,
  );
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(2);
}
