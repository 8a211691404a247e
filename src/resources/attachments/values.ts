import type { AttachmentFile } from '../../../resources/attachments';

/** A file on its way to the server: in the form's value until its upload answers (then an AttachmentFile). */
export interface PendingFile {
  uid: string;
  name: string;
  percent: number;
  uploading: true;
}

/** The value of an attachments field in a form: the record's files, the ones uploaded since, the ones on their way. */
export type AttachmentValue = AttachmentFile | PendingFile;

export function isPending(item: AttachmentValue): item is PendingFile {
  return 'uploading' in item;
}

/** The field's value as the form holds it (the record's answer, or nothing yet). */
export function attachmentValues(value: unknown): AttachmentValue[] {
  return Array.isArray(value) ? (value as AttachmentValue[]) : [];
}
