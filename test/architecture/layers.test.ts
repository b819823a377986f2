import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Dependencies point inward: the domain imports nothing outside itself, the
 * application layer imports the domain and inversify's decorators, never an adapter.
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

describe('layer dependencies', () => {
  it('keeps the domain free of anything outside itself', () => {
    expect(violations('domain', [], ['domain'])).toEqual([]);
  });

  it('keeps the application layer free of adapters, configuration and frameworks', () => {
    expect(violations('application', ['inversify'], ['application', 'domain'])).toEqual([]);
  });

  it('notices a forbidden import (the check itself can fail)', () => {
    const sample = "import { DataSource } from 'typeorm';\nimport { x } from '../../adapters/http/app';";
    const found = [...sample.matchAll(IMPORT)].map((m) => m[1]);
    expect(found).toEqual(['typeorm', '../../adapters/http/app']);
  });
});
