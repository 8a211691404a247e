import type { TFunction } from 'i18next';
import type { InstallerScorecard } from '../../../contract/installers';
import { MISSING, type Formatter } from '../../i18n/format';
import type { ComplaintOutcome } from '../../../resources/complaints';
import { installerComplaintsPath } from '../complaints/paths';
import { installerSystemsPath } from './installerApi';

/**
 * The scorecard's figures, shared by the sortable list and a file's page: how each is shown and
 * the records behind it (the storage list of the installer's systems, or the complaint list filtered to them). A null figure
 * (nothing to divide by) is shown as '–'.
 */
export type FigureKey =
  'systems' | 'complaints_per_100' | 'median_resolution_hours' | 'reopened_share' | 'average_rating' | 'faults_per_system_month';

export const FIGURES: readonly FigureKey[] = [
  'systems',
  'complaints_per_100',
  'median_resolution_hours',
  'reopened_share',
  'average_rating',
  'faults_per_system_month',
];

export function figureText(key: FigureKey, card: InstallerScorecard, format: Formatter, t: TFunction): string {
  const value = card[key];
  if (value === null) return MISSING;
  switch (key) {
    case 'systems':
      return format.number(value, 0);
    case 'median_resolution_hours':
      // Under two days in hours, else in days.
      return value < 48
        ? t('archives:installerdetail.hours', { value: format.number(value, { digits: 1, trim: true }) })
        : t('archives:installerdetail.days', { value: format.number(value / 24, { digits: 1, trim: true }) });
    case 'reopened_share':
      return format.percent(value * 100, 1);
    case 'average_rating':
      return `${format.number(value, { digits: 1, trim: true })} / 5`;
    case 'faults_per_system_month':
      return format.number(value, 2);
    default:
      return format.number(value, { digits: 1, trim: true });
  }
}

/** The complaint list's outcome filter that narrows a complaint figure to exactly its records (none: all of them). */
const OUTCOME_OF: Partial<Record<FigureKey, ComplaintOutcome>> = {
  median_resolution_hours: 'resolved',
  reopened_share: 'reopened',
  average_rating: 'rated',
};

/**
 * Where a figure's records are: the installer's systems, or the complaint list filtered by the installer, the filing
 * days the figure counts and, where one figure counts only some of them, their outcome: the rows it opens are
 * exactly the complaints the figure is computed from.
 */
export function figureLink(key: FigureKey, card: InstallerScorecard): string {
  if (key === 'systems' || key === 'faults_per_system_month') return installerSystemsPath(card.name);
  return installerComplaintsPath(card.id, { from: card.window_from, to: card.window_to }, OUTCOME_OF[key]);
}
