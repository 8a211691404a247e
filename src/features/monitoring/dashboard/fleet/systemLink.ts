/** The storage list's page of a system (what the staff home's rows open). */
export function systemPath(sn: string): string {
  return `/EnergyStorageList/energyStorageList?sn=${encodeURIComponent(sn)}`;
}
