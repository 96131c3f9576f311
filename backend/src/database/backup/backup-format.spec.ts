import {
  BackupError,
  backupFormat,
  backupFormatVersion,
  detectBackupKind,
  migrationsFromCopyText,
  parseHeader,
  schemaPlan,
} from './backup-format.js';

describe('backup format', () => {
  const code = ['Initial1', 'Posts2', 'Media3'];

  it('tells a pg_dump archive, a logical backup and anything else apart by their first bytes', () => {
    expect(detectBackupKind(Buffer.from('PGDMP\x01\x0e\x00'))).toBe('pg_dump');
    expect(detectBackupKind(Buffer.from([0x1f, 0x8b, 0x08, 0x00]))).toBe('logical');
    expect(detectBackupKind(Buffer.from('{"type":"header"}'))).toBe('unknown');
    expect(detectBackupKind(Buffer.alloc(0))).toBe('unknown');
  });

  it('plans the schema: the backup level first, newer migrations after', () => {
    expect(schemaPlan(code, code)).toEqual({ atBackup: code, pending: [] });
    expect(schemaPlan(['Initial1', 'Posts2'], code)).toEqual({ atBackup: ['Initial1', 'Posts2'], pending: ['Media3'] });
  });

  it('refuses a backup from a newer schema, naming the migration', () => {
    expect(() => schemaPlan([...code, 'Future4'], code)).toThrow(BackupError);
    expect(() => schemaPlan([...code, 'Future4'], code)).toThrow(
      'The backup comes from a newer version of the site: its schema has the migration Future4, which this code does not know. Restore it with that version of the site (or newer), not this one.',
    );
    expect(() => schemaPlan([], code)).toThrow(/no schema migrations/);
  });

  it('reads a header and refuses anything else with a sentence', () => {
    const header = {
      type: 'header',
      format: backupFormat,
      formatVersion: backupFormatVersion,
      migrations: code,
      tables: [],
      sequences: [],
    };
    expect(parseHeader(JSON.stringify(header), 'f').migrations).toEqual(code);
    expect(() => parseHeader('not json', 'f')).toThrow(
      'f is not a backup of this site: give the file that `npm run admin -- backup` wrote.',
    );
    expect(() => parseHeader(JSON.stringify({ ...header, format: 'other' }), 'f')).toThrow(/not a backup/);
    expect(() => parseHeader(undefined, 'f')).toThrow(/not a backup/);
    expect(() => parseHeader(JSON.stringify({ ...header, formatVersion: backupFormatVersion + 1 }), 'f')).toThrow(
      /newer than this code reads/,
    );
    expect(() => parseHeader(JSON.stringify({ ...header, tables: undefined }), 'f')).toThrow(/header is incomplete/);
  });

  it('reads the migration names from the migrations table as pg_restore prints it', () => {
    const sql = [
      'SET statement_timeout = 0;',
      'COPY public.migrations (id, "timestamp", name) FROM stdin;',
      '1\t1763780000000\tInitial1',
      '2\t1763780500000\tPosts2',
      '\\.',
      '',
    ].join('\n');
    expect(migrationsFromCopyText(sql)).toEqual(['Initial1', 'Posts2']);
    expect(migrationsFromCopyText('nothing here')).toEqual([]);
  });
});
