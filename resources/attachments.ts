import { z } from 'zod';
import { rules } from './rules';
import type { AttachmentRule, FieldDeclaration } from './types';

/**
 * Attachments fields (spec §5), shared by the server (what a file's content may be) and the web app (the limits and
 * types it shows, the files it refuses before sending them). The server's check by content is the one that counts.
 */

export const MB = 1024 * 1024;
/** Spec §5 and §9: at most 80 MB per file. */
export const ATTACHMENT_MAX_BYTES = 80 * MB;

/** Each MIME type an attachment may have (as sniffed from its content), with the file name endings it goes by. */
const TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/bmp': ['.bmp'],
  'image/tiff': ['.tif', '.tiff'],
  'image/heic': ['.heic'],
  'image/avif': ['.avif'],
  'application/pdf': ['.pdf'],
  'application/rtf': ['.rtf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
  // Text has no signature: UTF-8 without NUL bytes that is no script (server/core/uploads/sniff.ts).
  'text/plain': ['.txt', '.log', '.csv'],
  'video/mp4': ['.mp4'],
  'video/quicktime': ['.mov'],
  'video/webm': ['.webm'],
} as const satisfies Record<string, readonly string[]>;

const IMAGES: readonly string[] = Object.keys(TYPES).filter((type) => type.startsWith('image/'));

/**
 * 'images': photos and screenshots. 'documents': what a complaint or an archive carries besides photos: PDF, office
 * files (OOXML and OpenDocument; the old binary Office formats share their container with MSI installers and are
 * refused), plain text and logs, and short videos. Never archives or anything that runs.
 */
export const ACCEPT_KINDS = { images: IMAGES, documents: Object.keys(TYPES) } as const satisfies Record<string, readonly string[]>;

/** The MIME types a field accepts. */
export function acceptedTypes(rule: AttachmentRule): readonly string[] {
  return typeof rule.accept === 'string' ? ACCEPT_KINDS[rule.accept] : rule.accept;
}

/** The file picker's `accept` attribute: the types and their name endings (the picker filters, the server decides). */
export function acceptAttribute(rule: AttachmentRule): string {
  const types = acceptedTypes(rule);
  const endings = types.flatMap((type) => (TYPES as Record<string, readonly string[]>)[type] ?? []);
  return [...types, ...endings].join(',');
}

/** The name endings of the accepted types, for the text beside the picker ('PNG, JPG, …'). */
export function acceptedEndings(rule: AttachmentRule): string[] {
  const endings = acceptedTypes(rule).map((type) => (TYPES as Record<string, readonly string[]>)[type]?.[0] ?? type);
  return [...new Set(endings.map((ending) => ending.replace(/^\./, '').toUpperCase()))];
}

/**
 * Names of programs and scripts, refused whatever their content (DESIGN §4: by content and by name); the content
 * check of the server refuses executables under any other name too.
 */
const EXECUTABLE_ENDINGS =
  /\.(exe|dll|com|scr|pif|cpl|sys|drv|ocx|msi|msp|mst|cab|bat|cmd|ps1|psm1|psd1|vbs|vbe|js|jse|mjs|wsf|wsh|hta|lnk|reg|inf|scf|jar|apk|aab|xapk|dex|class|sh|bash|zsh|csh|ksh|run|bin|elf|out|so|dylib|app|pkg|dmg|deb|rpm|appimage|py|pyc|pl|rb|php)$/i;

export function hasExecutableName(name: string): boolean {
  return EXECUTABLE_ENDINGS.test(name.trim().replace(/[.\s]+$/, ''));
}

/** An upload as a record answers it (and as the upload call answers it, with `sha256`). */
export interface AttachmentFile {
  id: number;
  name: string;
  size: number;
  mime: string;
}

/**
 * An attachments field: in the form and on the show page, never a list column (its value is a list of files). The
 * save body names the upload ids in order; an item that is no id (a file still uploading on the web) is refused
 * with 'common:attachments.notUploaded', and more than `max` files with 'common:attachments.tooMany'. A record's own answer
 * `[{ id, … }]` is taken back as its ids, so an edit form sends what it was given.
 */
export function attachmentsField(rule: AttachmentRule, options: { required?: boolean } & Partial<FieldDeclaration> = {}): FieldDeclaration {
  const { required, ...rest } = options;
  const item = z.union([rules.id(), z.object({ id: rules.id() }).transform((file) => file.id)], {
    error: 'common:attachments.notUploaded',
  });
  const list = z.array(item, { error: 'common:attachments.notUploaded' }).max(rule.max, 'common:attachments.tooMany');
  return {
    schema: required ? list.min(1, 'admin:validation.required') : list.optional(),
    widget: 'attachments',
    attachments: rule,
    form: true,
    show: true,
    ...rest,
  };
}
