import { build } from 'esbuild';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

describe("the tracking library's import graph", () => {
  it('loads no zod: validation runs on the field tables (entities/fields.ts, entities/check.ts)', async () => {
    const result = await build({
      entryPoints: [resolve(ROOT, 'src/app/tracker.ts')],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/domain/tracking/entities/check.ts');
    expect(inputs.filter((path) => path.includes('node_modules/zod') || path.endsWith('entities/schema.ts'))).toEqual([]);
  });
});
