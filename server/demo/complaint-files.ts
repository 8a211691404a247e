import { crc32, deflateSync } from 'node:zlib';

/**
 * The small real files of the demo complaints: a photo of a battery display (PNG), a service
 * report (PDF) and a battery log (text), made here so the repository holds no binaries and every viewer opens them.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 120 × 72 picture of a battery at 20 % (grey casing, red charge, dark display around it). */
export function batteryPhotoPng(): Buffer {
  const width = 120;
  const height = 72;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const casing = x >= 20 && x < 96 && y >= 18 && y < 54;
      const inside = x >= 24 && x < 92 && y >= 22 && y < 50;
      const terminal = x >= 96 && x < 102 && y >= 30 && y < 42;
      const charge = inside && x < 24 + 68 * 0.2;
      const [r, g, b] = charge ? [220, 50, 40] : inside ? [30, 34, 40] : casing || terminal ? [190, 195, 200] : [30 + y, 34 + y, 48 + y];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with these lines (Helvetica), its cross-reference table computed so every reader opens it. */
export function reportPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 12 Tf', '16 TL', '72 770 Td', ...lines.map((line) => `(${escape(line)}) Tj T*`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A battery management log of the hours before `until`: charging stops below 5 °C cell temperature. */
export function batteryLog(sn: string, until: Date): Buffer {
  const lines: string[] = [];
  for (let i = 24; i > 0; i--) {
    const at = new Date(until.getTime() - i * 15 * 60_000).toISOString();
    const temperature = (8 - i * 0.25).toFixed(1);
    const charging = Number(temperature) >= 5;
    lines.push(
      `${at} ${sn} BMS INFO soc=20.${i % 10}% cell_temp=${temperature}C charge=${charging ? 'allowed' : 'BLOCKED (low temperature)'}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}
