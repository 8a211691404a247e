import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { multipart, pdf, PNG } from '../crud/attach-helpers';
import { CREATE_FIXTURE_WIDGETS } from '../crud/fixture-resource';

/**
 * A download is shown in place (`content-disposition: inline`) only when its content was sniffed at upload as a
 * raster image or a PDF, and then with that sniffed type; everything else stays an attachment, whatever its name
 * says. nosniff on every one, so the browser never guesses another type.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureWidgets } = await import('../crud/fixture-resource');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureWidgets] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureWidgetsTable } = await import('../crud/fixture-resource');
  return { ...(await importOriginal<object>()), fixtureWidgetsTable };
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(CREATE_FIXTURE_WIDGETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
  token = (await t.login('admin')).AccessToken;
});

async function uploadAndDownload(field: string, name: string, content: Buffer, claimed = 'application/octet-stream') {
  const body = multipart([
    { name: 'field', value: field },
    { name: 'file', filename: name, content, type: claimed },
  ]);
  const up = await t.inject({
    method: 'POST',
    url: '/api/Widget/UploadWidgetFile',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  expect(up.json().code, up.json().info).toBe(200);
  const down = await t.inject({
    method: 'POST',
    url: '/api/Widget/DownloadWidgetFile',
    headers: { authorization: `Bearer ${token}` },
    payload: { id: up.json().data.id },
  });
  expect(down.rawPayload.equals(content)).toBe(true);
  expect(down.headers['x-content-type-options']).toBe('nosniff');
  return { type: down.headers['content-type'], disposition: String(down.headers['content-disposition']) };
}

describe('inline or attachment, by the sniffed type', () => {
  it('a photo and a PDF are sent inline with their sniffed types', async () => {
    // The client's claimed type is never what is sent back.
    expect(await uploadAndDownload('photo', 'roof.png', PNG, 'text/html')).toEqual({
      type: 'image/png',
      disposition: `inline; filename="roof.png"; filename*=UTF-8''roof.png`,
    });
    expect(await uploadAndDownload('papers', 'Prüfbericht.pdf', pdf('report'), 'text/html')).toEqual({
      type: 'application/pdf',
      disposition: `inline; filename="Pr_fbericht.pdf"; filename*=UTF-8''Pr%C3%BCfbericht.pdf`,
    });
  });

  it('text stays an attachment, also under a PDF’s or an image’s name, and an HTML or SVG page is never inline', async () => {
    expect(await uploadAndDownload('papers', 'notes.txt', Buffer.from('plain notes\n'))).toEqual({
      type: 'text/plain',
      disposition: `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    });
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n');
    for (const [name, bytes] of [
      ['invoice.pdf', page],
      ['logo.png', svg],
    ] as const) {
      const sent = await uploadAndDownload('papers', name, bytes, name.endsWith('.pdf') ? 'application/pdf' : 'image/svg+xml');
      expect(sent.type).toBe('text/plain');
      expect(sent.disposition).toMatch(/^attachment; /);
    }
  });
});
