/**
 * A system's installation and maintenance records (contract/records-calls.ts, resources/installationRecords.ts,
 * resources/maintenanceRecords.ts): the values the web app and the server share.
 */

/**
 * Days after commissioning during which the installer (and their reseller) may still change the installation record
 * and the system's component S/Ns; after that they read it only. Our own after-sales staff may always change it.
 */
export const INSTALLATION_EDIT_DAYS = 30;

/** A visit on site or an intervention from afar. */
export const MAINTENANCE_KINDS = ['visit', 'remote'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

/** The components whose S/N may be replaced (system_components.kind). */
export const COMPONENT_KINDS = ['inverter', 'battery', 'meter', 'ems'] as const;

/**
 * The registry state a replaced component's S/N is given (sn_registry.state). Not 'free': a part taken out of a
 * system is usually faulty and must not be built into another one until the S/N desk has inspected it and freed it
 * (snManagement). 'banned' is the state that keeps it out: CheckSn and a replacement refuse it (105), and no
 * firmware reaches it.
 */
export const REPLACED_SN_STATE = 'banned';
