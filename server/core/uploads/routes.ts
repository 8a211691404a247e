import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { acceptedTypes, hasExecutableName } from '../../../resources/attachments';
import { endpointsOf } from '../../../resources/endpoints';
import { rules } from '../../../resources/rules';
import { entityOf } from '../../../resources/types';
import { CODE_MESSAGES, Code } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import type { CrudService } from '../crud/factory';
import { parseBody } from '../crud/validate';
import type { Actor } from '../auth/actor';
import { registerEndpoint, registerUpload } from '../http/endpoint';
import { ApiError } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { attachmentFieldsOf, type AttachmentField } from './fields';
import { sanitizeFileName } from './filename';
import { formatRefused, UploadInspector } from './inspect';
import { recordAccess } from './record-access';
import { uploadedFile } from './send';
import { asAttachmentFile, deleteUploadRow, findUpload, insertUpload, recordHoldsFile, type UploadRow } from './service';

/** What a multipart body may carry besides the file's bytes: its headers, boundaries and two short fields. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The upload and download calls of a declaration with attachments fields (resources/attachments.ts), at its
 * `endpoints.upload` and `endpoints.download`, under the same subject as its other calls.
 *
 * Upload: multipart, text fields `field` (which attachments field; may be left out when there is one) and
 * `recordId` (the record being edited, if any) before one part `file`. The file streams to storage through a
 * size guard and the content inspector (server/core/uploads/inspect.ts); it is never whole in memory. A file over
 * the field's limit is cut off there: the answer (code 2) leaves at once, the rest of the body is not read and the
 * connection closes. Nothing is kept of a refused file. Before any of it, the user's upload limits and the disk's
 * free space are checked (./quota.ts: 15, 16, 400), so that a refused upload writes nothing. Answers
 * `{ id, name, size, mime, sha256 }`.
 *
 * Download: `{ id }` of an upload; the record's scope decides (45 outside it), an unattached file only its
 * uploader. Answers the bytes with the name the user gave: inline for a raster image or a PDF (as sniffed at upload),
 * as an attachment otherwise (./send.ts).
 */
export async function registerAttachmentCalls(app: FastifyInstance, deps: AppDeps, service: CrudService): Promise<void> {
  const { declaration } = service;
  const fields = attachmentFieldsOf(declaration);
  if (fields.length === 0) return;
  const { upload, download } = endpointsOf(declaration);
  if (!upload || !download)
    throw new Error(`resources/${declaration.name}: an attachments field needs endpoints.upload and endpoints.download`);
  const largest = Math.max(...fields.map(({ rule }) => rule.maxBytes));
  const partsSchema = uploadPartsSchema(fields);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the largest limit reaches the size guard, which refuses it; busboy drops anything further.
      limits: { fileSize: largest + 1, files: 2, fields: 4, fieldSize: 64, parts: 6, headerPairs: 20 },
      // The file's bytes in chunks of up to 1 MB (16 kB by default): fewer, larger steps through the checks.
      fileHwm: 1024 * 1024,
      // The parser takes up to 1 MB of the request before asking it to wait (16 kB by default, less than one 64 kB
      // read of the socket: the request was paused and resumed at every read).
      highWaterMark: 1024 * 1024,
      throwFileSizeLimit: false,
    });
    registerUpload(scope, upload, async (actor, request) => {
      const stored = await receiveUpload(request, actor, deps, service, { fields, partsSchema, largest });
      return { ...asAttachmentFile(stored), sha256: stored.sha256 };
    });
  });

  await registerEndpoint(app, download, async (actor, { id }) => {
    const file = await findUpload(deps.db, declaration.name, id);
    // An id that names no file answers as one the caller may not read: the answer never tells which ids exist.
    if (!file) throw new ApiError(Code.NO_PERMISSION);
    if (file.recordId === null) {
      if (file.ownerId !== actor.id) throw new ApiError(Code.NO_PERMISSION);
    } else if ((await recordAccess(service, actor, file.recordId)) !== 'inside') {
      throw new ApiError(Code.NO_PERMISSION);
    }
    return uploadedFile(app.storage, file);
  });
}

/**
 * The text parts of an upload, which arrive before its file: `field`, the attachments field (may be left out where
 * the declaration has only one), and `recordId`, the record being edited, if any. Parsed as a route's body is
 * (3 / 2 naming the part) once the file part begins.
 */
function uploadPartsSchema(fields: readonly AttachmentField[]) {
  const names = fields.map(({ name }) => name) as [string, ...string[]];
  return z.object({
    field: fields.length === 1 ? z.enum(names).default(names[0]) : z.enum(names),
    recordId: rules.id().optional(),
  });
}

interface UploadTargets {
  fields: readonly AttachmentField[];
  partsSchema: ReturnType<typeof uploadPartsSchema>;
  /** The largest limit of the declaration's attachments fields. */
  largest: number;
}

async function receiveUpload(
  request: FastifyRequest,
  actor: Actor,
  deps: AppDeps,
  service: CrudService,
  { fields, partsSchema, largest }: UploadTargets,
): Promise<UploadRow> {
  if (!request.isMultipart()) throw new ApiError(Code.ATTACHMENT_EMPTY, undefined, { data: { field: 'file' } });
  // An honest client says how long the body is: one far over the limit is refused before a byte is read.
  const announced = Number(request.headers['content-length']);
  if (announced > largest + ENVELOPE_BYTES) throw stopReading(request, tooLarge(largest));
  // The user's limits and the disk's floor, before a byte is read: the body can be no longer than it announced (node
  // reads no further), a body without a length (chunked) may be as long as the largest file allows.
  const release = await request.server.uploadQuota
    .reserve(actor.id, Number.isInteger(announced) && announced > 0 ? announced : largest + ENVELOPE_BYTES)
    .catch((error: unknown) => {
      throw stopReading(request, error);
    });
  const given: Record<string, string> = {};
  let stored: UploadRow | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: ${part.fieldname}`, {
            data: { field: part.fieldname },
          });
        given[part.fieldname] = String(part.value);
        continue;
      }
      if (stored)
        throw new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: file (one file per upload)`, { data: { field: 'file' } });
      const { field, recordId } = parseBody(partsSchema, given);
      stored = await storeFile(
        request,
        actor,
        deps,
        service,
        fields.find(({ name }) => name === field)!,
        recordId,
        part,
      );
    }
  } catch (error) {
    if (stored) await forget(request, deps, stored);
    throw stopReading(request, error);
  } finally {
    // The row, once written, counts in its stead.
    release();
  }
  if (!stored) throw new ApiError(Code.ATTACHMENT_EMPTY, undefined, { data: { field: 'file' } });
  return stored;
}

async function storeFile(
  request: FastifyRequest,
  actor: Actor,
  deps: AppDeps,
  service: CrudService,
  target: AttachmentField,
  recordId: number | undefined,
  part: MultipartFile,
): Promise<UploadRow> {
  const resource = service.declaration.name;
  if (recordId !== undefined) {
    // Adding to a record is editing it: the caller must reach that record.
    requirePermission(actor, entityOf(service.declaration), 'update');
    const access = await recordAccess(service, actor, recordId);
    // As the CRUD service answers: a scoped resource says 45 for a missing row too, so nothing is revealed.
    if (access === 'outside' || (access === 'missing' && service.declaration.scope)) throw new ApiError(Code.NO_PERMISSION);
    if (access === 'missing') throw new ApiError(Code.NO_DATA);
  }
  const name = sanitizeFileName(part.filename ?? '');
  if (hasExecutableName(name)) throw formatRefused(`'${name}' names a program`);

  const inspector = new UploadInspector(acceptedTypes(target.rule), target.rule.maxBytes, () => tooLarge(target.rule.maxBytes));
  // The parser reaches the largest limit ahead of the inspector (it buffers) and would then read the rest of the file
  // to discard it: its 'limit' stops the reading there. Any refusal stops the reading at once, not only once storage
  // has cleaned up; the inspector's error also fails storage's pipeline, which then drops what it wrote.
  part.file.once('limit', () => stopReading(request, undefined));
  pipeline(part.file, inspector).catch(() => stopReading(request, undefined));
  const object = await request.server.storage.put(inspector);
  try {
    if (recordId !== undefined && (await recordHoldsFile(deps.db, resource, recordId, object.sha256))) {
      throw new ApiError(Code.REPEATED_UPLOAD, undefined, { data: { field: target.name } });
    }
    return await insertUpload(deps.db, {
      ownerId: actor.id,
      resource,
      field: target.name,
      storageKey: object.key,
      originalName: name,
      mime: inspector.type!,
      size: object.size,
      sha256: object.sha256,
      createdAt: deps.clock(),
    });
  } catch (error) {
    await request.server.storage.remove(object.key);
    throw error;
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: file (larger than ${Math.round(maxBytes / 1024 / 1024)} MB)`, {
    data: { field: 'file' },
  });
}

/**
 * A refusal leaves before the body was read to its end: the request stops feeding the multipart parser, so no
 * further byte is read (the answer closes the connection, server/core/http/multipart.ts).
 */
function stopReading(request: FastifyRequest, error: unknown): unknown {
  request.raw.unpipe();
  request.raw.pause();
  return error;
}

async function forget(request: FastifyRequest, deps: AppDeps, stored: UploadRow): Promise<void> {
  await deleteUploadRow(deps.db, stored.id);
  await request.server.storage.remove(stored.storageKey);
}
