import { z } from 'zod';
import { FILTER_TEXT_MAX, rules } from './rules';

/**
 * The customer-archive calls beyond the generated ones (server/archives/routes.ts): the
 * client list (/clientList), a customer's complaints, the list's xlsx export.
 */

/** /CustomerArchives/GetClientPageList: the portal's customers, found by name, e-mail or a system's S/N. */
export const clientListBody = z.object({
  pageIndex: rules.integer(1, 100_000).optional().default(1),
  pageSize: rules.integer(1, 200).optional().default(10),
  keyword: z.string().trim().max(FILTER_TEXT_MAX).optional(),
});
export type ClientListBody = z.infer<typeof clientListBody>;

export const clientSystem = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  minv: z.string(),
  mbat: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  installer_company: z.string().nullable(),
});

/**
 * An owner of systems in the caller's scope: a customer user with the systems they own and their archive when there is
 * one, or an owner without a portal account as their archive knows them (`user_id` and `username` null).
 */
export const clientRow = z.object({
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  display_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  systems: z.array(clientSystem),
  archive_id: z.number().nullable(),
});
export type ClientRow = z.infer<typeof clientRow>;

/** /CustomerArchives/GetCustomerArchiveComplaints: the complaints on one archive's customer's systems. */
export const archiveIdBody = z.object({ id: rules.id() });

export const archiveComplaint = z.object({
  id: z.number(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  sys_sn: z.string(),
  created_at: z.string(),
});
export type ArchiveComplaint = z.infer<typeof archiveComplaint>;

export const clientPage = rules.pageOf(clientRow);
export const archiveComplaintList = z.array(archiveComplaint);
