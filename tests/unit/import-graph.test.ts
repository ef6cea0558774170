import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

// The import graph of app/ and server/ (docs/decisions/0037): no import cycle, and the layers point one
// way. Every import counts, `import type` and `import()` included (ESLint's no-restricted-imports in
// eslint.config.js sees only static imports).

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

const files = [...sourceFiles('app'), ...sourceFiles('server')];
const known = new Set(files);

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null; // generated route types (./+types/…) and the like
}

const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName)).filter((target): target is string => target !== null);
    return [file, [...new Set(targets)]] as const;
  }),
);

/** Each cycle once, as the files from its first file back to it. */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph of app/ and server/', () => {
  test('has no cycle', () => {
    expect(cycles().map((cycle) => cycle.join(' > '))).toEqual([]);
  });

  test('the lower layers never import the modules, the jobs, the auth instance or the routes', () => {
    const lower = /^app\/(domain|lib|db|integrations)\/|^app\/config\.server\.ts$/;
    const upper = /^app\/(modules|jobs|auth|routes)\/|^app\/(services\.server|entry\.server|root|page-cache-key\.server)\.tsx?$/;
    const upward = [...graph].flatMap(([file, targets]) => (lower.test(file) ? targets.filter((t) => upper.test(t)).map((t) => `${file} > ${t}`) : []));
    expect(upward).toEqual([]);
  });

  test('app/domain imports only app/domain', () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      file.startsWith('app/domain/') && !file.endsWith('.test.ts') ? targets.filter((t) => !t.startsWith('app/domain/')).map((t) => `${file} > ${t}`) : [],
    );
    expect(outside).toEqual([]);
  });

  test('sees the graph (a sanity check of the resolver)', () => {
    expect(graph.get('app/domain/catalog/catalog.ts')).toContain('app/domain/catalog/states.ts');
    expect(graph.get('app/modules/accounts/registration.server.ts')).toContain('app/auth/auth.server.ts');
  });
});
