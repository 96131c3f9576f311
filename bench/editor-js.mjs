#!/usr/bin/env node
// The rich text editor's JavaScript (ADR 0011), read from the production build's client manifest
// (frontend/dist/assets.json), no server needed: what the admin's editor screens load for it, and the
// proof that no public page can load it. `node bench/editor-js.mjs` after `npm run build`; exits 1 when
// a public page reaches the editor's code. `npm run bench` adds its figures to its report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const editorModule = 'src/components/admin/rich-text/rich-text-editor.tsx';
const editorScreenRoute = 'src/routes/admin/post-editor/route.tsx';
/** The admin's screens and components: public pages reach none of them (the route table loads each lazily). */
const adminOnly = (key) => /^src\/(routes|components)\/admin\//.test(key);

/**
 * @param {string} root the repository
 * @returns {{ screenKiB: number, editorKiB: number, editorFiles: string[], publicFilesWithEditor: string[], lexicalOutsideEditor: string[] }}
 */
export function editorJs(root) {
  const dist = path.join(root, 'frontend/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, 'assets.json'), 'utf8'));
  const editor = manifest[editorModule];
  if (!editor) throw new Error(`${editorModule} is not in the build's manifest: is it still a chunk of its own?`);

  // Everything a public page can load: from the entries, static and dynamic imports, never into the admin.
  const publicKeys = new Set();
  const walk = (key) => {
    if (publicKeys.has(key) || adminOnly(key) || !manifest[key]) return;
    publicKeys.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
    for (const next of manifest[key].dynamicImports ?? []) walk(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  const publicFiles = new Set([...publicKeys].map((key) => manifest[key].file));

  // The post editor screen: the entry's static imports, the route's, then the editor's (and their CSS).
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return new Set([...seen].map((key) => manifest[key].file));
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const screenWithoutEditor = staticClosure([...entries, editorScreenRoute]);
  const screen = staticClosure([...entries, editorScreenRoute, editorModule]);
  // What the editor brings on top of the screen without it: its chunk and the imports only it needs.
  const editorFiles = [...screen].filter((file) => !screenWithoutEditor.has(file));
  const read = (file) => readFileSync(path.join(dist, 'client', file));
  const kib = (files) =>
    Math.round(
      ([...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(read(file)).length, 0) /
        1024) *
        10,
    ) / 10;
  // Lexical marks the DOM it owns with `__lexical…` properties: any file holding that is editor code.
  const hasLexical = (file) => file.endsWith('.js') && read(file).includes('__lexical');
  const publicFilesWithEditor = [...publicFiles].filter(hasLexical);
  const allFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
  const lexicalOutsideEditor = [...allFiles].filter((file) => hasLexical(file) && !editorFiles.includes(file));
  return {
    screenKiB: kib(screen),
    editorKiB: kib(editorFiles),
    editorFiles,
    publicFilesWithEditor,
    lexicalOutsideEditor,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = editorJs(root);
  process.stdout.write(
    `editor screen JS (/admin/posts/new, gzip): ${result.screenKiB} KiB, of which the rich text editor adds ${result.editorKiB} KiB in ${result.editorFiles.length} file(s): ${result.editorFiles.join(', ')}\n`,
  );
  const problems = [...result.publicFilesWithEditor, ...result.lexicalOutsideEditor];
  if (problems.length > 0) {
    process.stdout.write(`editor code a public page can load: ${problems.join(', ')}\n`);
    process.exit(1);
  }
  process.stdout.write('no public page can load the editor: 0 files with its code outside its own chunks\n');
}
