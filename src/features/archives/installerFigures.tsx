import type { TFunction } from 'i18next';
import type { InstallerScorecard } from '../../../contract/installers';
import { MISSING, type Formatter } from '../../i18n/format';
import { installerDetailPath, installerSystemsPath } from './installerApi';

/**
 * The scorecard's figures (issue 14 point 6), shared by the sortable list and a file's page: how each is shown and
 * the records behind it (the storage list of the installer's systems, or the file's complaints tab). A null figure
 * (nothing to divide by) is shown as '–'.
 */
export type FigureKey =
  | 'systems'
  | 'complaints_per_100'
  | 'median_resolution_hours'
  | 'reopened_share'
  | 'average_rating'
  | 'faults_per_system_month';

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

/** Where a figure's records are: the installer's systems, or the complaints on them. */
export function figureLink(key: FigureKey, card: InstallerScorecard): string {
  return key === 'systems' || key === 'faults_per_system_month'
    ? installerSystemsPath(card.name)
    : installerDetailPath(card.id, 'complaints');
}
