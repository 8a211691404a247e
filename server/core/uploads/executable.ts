/**
 * Programs and scripts recognised by their first bytes, whatever the file is called (DESIGN §10, spec §5 'Executable
 * files are not allowed'). file-type names some of these too; this table does not depend on which it names, and
 * adds what it does not name (a `#!` script is text to it).
 */
const SIGNATURES: readonly { kind: string; bytes: readonly number[] }[] = [
  { kind: 'Windows program (MZ/PE)', bytes: [0x4d, 0x5a] },
  { kind: 'ELF program', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { kind: 'Mach-O program', bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { kind: 'Mach-O program', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { kind: 'Mach-O program', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { kind: 'Mach-O program', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  // Universal (fat) Mach-O; Java class files share the signature and are refused as well.
  { kind: 'Mach-O universal program', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { kind: 'Mach-O universal program', bytes: [0xca, 0xfe, 0xba, 0xbf] },
  { kind: 'script (#!)', bytes: [0x23, 0x21] },
  { kind: 'script (#!)', bytes: [0xef, 0xbb, 0xbf, 0x23, 0x21] },
  // Compound File Binary: MSI installers (and the old binary Office formats, which share the container).
  { kind: 'Windows installer (MSI/CFB)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { kind: 'Windows cabinet (CAB)', bytes: [0x4d, 0x53, 0x43, 0x46] },
  { kind: 'Android program (DEX)', bytes: [0x64, 0x65, 0x78, 0x0a] },
  { kind: 'WebAssembly program', bytes: [0x00, 0x61, 0x73, 0x6d] },
];

/** The kind of program a file's head shows, or undefined. */
export function executableSignature(head: Uint8Array): string | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.length <= head.length && bytes.every((byte, i) => head[i] === byte))?.kind;
}

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * JAR and APK files are zip archives told apart by the entries they hold. Entry names are stored uncompressed, in
 * each entry's local header and again in the central directory at the end, so a scan of every byte of a zip finds
 * them wherever they sit (file-type only reads the first entries).
 */
const PROGRAM_ENTRIES: readonly { kind: string; name: Buffer }[] = [
  { kind: 'Java program (JAR)', name: Buffer.from('META-INF/MANIFEST.MF') },
  { kind: 'Android program (APK)', name: Buffer.from('AndroidManifest.xml') },
  { kind: 'Android program (APK)', name: Buffer.from('classes.dex') },
];
const LONGEST_ENTRY = Math.max(...PROGRAM_ENTRIES.map((entry) => entry.name.length));

/** Scans a zip as it streams by, chunk after chunk, keeping only the few bytes a name may straddle. */
export class ZipProgramScan {
  private tail = Buffer.alloc(0);
  found: string | undefined;

  push(chunk: Buffer): void {
    if (this.found) return;
    const window = Buffer.concat([this.tail, chunk]);
    this.found = PROGRAM_ENTRIES.find((entry) => window.includes(entry.name))?.kind;
    this.tail = window.subarray(Math.max(0, window.length - LONGEST_ENTRY + 1));
  }
}
