import type { InstallerOverview, InstallerScorecard } from '../../../contract/installers';
import { installerArchives } from '../../../resources/installerArchives';
import { postData } from '../../api/call';

/** The installer-file screens' own calls (server/archives/installerRoutes.ts) and their react-query keys. */
export const installerApi = {
  scorecards: () => postData<InstallerScorecard[]>('/Installer/GetInstallerScorecards', {}),
  overview: (id: number) => postData<InstallerOverview>('/Installer/GetInstallerOverview', { id }),
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
