import { installerCalls } from '../../../contract/archives-calls';
import { installerArchives } from '../../../resources/installerArchives';
import { call } from '../../api/call';

/** The installer-file screens' own calls (contract/archives-calls.ts installerCalls) and their react-query keys. */
export const installerApi = {
  scorecards: () => call(installerCalls.scorecards, {}),
  overview: (id: number) => call(installerCalls.overview, { id }),
};

export const installerKeys = {
  scorecards: () => ['installers', 'scorecards'] as const,
  overview: (id: number) => ['installers', 'overview', id] as const,
};

export const INSTALLER_LIST_PATH = installerArchives.route;
export const installerDetailPath = (id: number | string) => `${INSTALLER_LIST_PATH}?id=${id}`;

/** The storage list (its `installer` and `serial` URL filters: src/features/monitoring/storage/listQuery.ts). */
const STORAGE_LIST_PATH = '/EnergyStorageList/energyStorageList';
export const installerSystemsPath = (name: string) => `${STORAGE_LIST_PATH}?installer=${encodeURIComponent(name)}`;
export const systemPath = (sn: string) => `${STORAGE_LIST_PATH}?sn=${encodeURIComponent(sn)}`;
