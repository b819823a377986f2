import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Dependencies point inward: the domain imports nothing outside itself, the
 * application layer imports the domain and inversify's decorators, never an adapter.
 * The database engine imports nothing of the resources it stores, which use it through its index.
 */
const ROOT = path.resolve(__dirname, '../..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

function violations(layer: string, allowedPackages: string[], allowedLayers: string[]): string[] {
  return sourceFiles(path.join(ROOT, layer)).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => {
        if (!specifier.startsWith('.')) return !allowedPackages.includes(specifier);
        const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
        return !allowedLayers.some((allowed) => target === allowed || target.startsWith(`${allowed}${path.sep}`));
      })
      .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
  );
}

/** The relative imports of the files under `folder`, each resolved to a path from the root, with the file importing it. */
function localImports(folder: string): { file: string; target: string }[] {
  return sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ file: path.relative(ROOT, file), target: path.relative(ROOT, path.resolve(path.dirname(file), specifier)) })),
  );
}

const ENGINE = path.join('adapters', 'persistence', 'typeorm', 'engine');
const within = (target: string, folder: string) => target === folder || target.startsWith(`${folder}${path.sep}`);

describe('layer dependencies', () => {
  it('keeps the domain free of anything outside itself', () => {
    expect(violations('domain', [], ['domain'])).toEqual([]);
  });

  it('keeps the application layer free of adapters, configuration and frameworks', () => {
    expect(violations('application', ['inversify'], ['application', 'domain'])).toEqual([]);
  });

  it('keeps the database engine free of the resources it stores', () => {
    const allowed = [ENGINE, path.join('adapters', 'system'), path.join('application', 'shared'), path.join('domain', 'shared')];
    const found = localImports(ENGINE).filter(({ target }) => !allowed.some((folder) => within(target, folder)));
    expect(found.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });

  it('has the adapters and the configuration use the engine through its index alone', () => {
    const found = ['adapters', 'config']
      .flatMap(localImports)
      .filter(({ file, target }) => !within(file, ENGINE) && within(target, ENGINE) && target !== ENGINE);
    expect(found.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });

  it('notices a forbidden import (the check itself can fail)', () => {
    const sample = "import { DataSource } from 'typeorm';\nimport { x } from '../../adapters/http/app';";
    const found = [...sample.matchAll(IMPORT)].map((m) => m[1]);
    expect(found).toEqual(['typeorm', '../../adapters/http/app']);
  });
});
