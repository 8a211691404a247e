import { ApiError } from '../http/envelope';
import { Code } from '../../../contract/codes';

/** The longest name kept (in characters); longer names keep their ending. */
const NAME_MAX = 120;

/**
 * The name a user gave a file, as it is kept and shown: no folders (a browser may send 'C:\fakepath\x.pdf'), no
 * control characters or characters Windows refuses in names, no leading dots, at most NAME_MAX characters with
 * its ending kept; never used as a path (storage names files by generated keys). A NUL byte is refused (code 2,
 * DESIGN §10), as a name that is nothing but such characters.
 */
export function sanitizeFileName(given: string): string {
  if (given.includes('\u0000'))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: file (NUL in the file name)', { data: { field: 'file' } });
  const base = given.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '_')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if (clean === '' || /^_+$/.test(clean))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: file (no file name)', { data: { field: 'file' } });
  if (clean.length <= NAME_MAX) return clean;
  const ending = /\.[^.]{1,10}$/.exec(clean)?.[0] ?? '';
  return clean.slice(0, NAME_MAX - ending.length) + ending;
}

/**
 * `content-disposition` of a download (RFC 6266): an attachment, or `inline` where the caller has made sure the
 * bytes are of a type a browser shows safely (./send.ts), the name in UTF-8 as `filename*` (RFC 5987) and an ASCII
 * stand-in as `filename` for old clients.
 */
export function attachmentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
