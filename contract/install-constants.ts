/**
 * The fixed values of installing a system that the web app reads at run time, free of zod (a module's schemas are
 * built when it is evaluated: the form would build every install schema before it is drawn). contract/install.ts
 * imports them.
 */

/** How many site photos an installation needs, and may hold (of the installation record's photos). */
export const INSTALL_PHOTOS_MIN = 2;
export const INSTALL_PHOTOS_MAX = 10;
