/** The complaint screens' routes (permissions/routes.ts; spec §2 names them). */
export const LIST_PATH = '/customerComplaintList';
export const CREATE_PATH = '/createComplaint';
/** Spec §2: a complaint's page is /customerComplaintList/attachmentDetails with the query customercomplaintId. */
export const DETAIL_PATH = '/customerComplaintList/attachmentDetails';

export const detailPath = (id: number) => `${DETAIL_PATH}?customercomplaintId=${id}`;
/** Spec §2: the complaint page as a complaint message links to it (query customercomplaintId, fromMessage). */
export const MESSAGE_DETAIL_PATH = '/attachmentDetails';
/** The list of the complaints with a message the reader has not read (the list's filter `messages`). */
export const UNREAD_LIST_PATH = `${LIST_PATH}?messages=unread`;
/**
 * The complaints on one installer company's systems filed on the days `filed` (both included), those with `outcome`
 * only when given: what an installer scorecard figure counts (the list's URL filters, listSearch.ts).
 */
export const installerComplaintsPath = (installer: number, filed: { from: string; to: string }, outcome?: string) =>
  `${LIST_PATH}?${new URLSearchParams({ installer: String(installer), from: filed.from, to: filed.to, ...(outcome ? { outcome } : {}) })}`;
