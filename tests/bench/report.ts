/** One benchmark figure: ours against its reference measured in the same run, and the budget for the ratio. */
export interface Figure {
  name: string;
  ours: number;
  reference: number;
  unit: string;
  /** 'max': the ratio must stay at or below the budget (sizes, latencies); 'min': at or above (throughput). */
  budget: { kind: 'max' | 'min'; ratio: number };
}

export function ratioOf(figure: Figure): number {
  return figure.ours / figure.reference;
}

export function withinBudget(figure: Figure): boolean {
  const ratio = ratioOf(figure);
  return figure.budget.kind === 'max' ? ratio <= figure.budget.ratio : ratio >= figure.budget.ratio;
}

export function printFigure(figure: Figure) {
  const ratio = ratioOf(figure);
  const sign = figure.budget.kind === 'max' ? '≤' : '≥';
  const verdict = withinBudget(figure) ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${figure.name}: ${ratio.toFixed(2)}× (ours ${format(figure.ours)} ${figure.unit}, reference ${format(figure.reference)} ${figure.unit}; budget ${sign} ${figure.budget.ratio}×) ${verdict}`,
  );
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(2);
}
