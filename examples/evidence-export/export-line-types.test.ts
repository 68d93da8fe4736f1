import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportLineTypeFiles, exportLineTypesFolder } from '../../scripts/generate-export-line-types.mjs';
import { exportLineSchema } from '../../src/evidence/export-line.js';

describe("the offline checker's types, generated from the export line's one schema", () => {
  it('regenerating export-line.schema.json and export-line.d.ts writes the committed bytes (else run scripts/generate-export-line-types.mjs)', async () => {
    for (const [name, text] of Object.entries(await exportLineTypeFiles())) {
      expect(await readFile(join(exportLineTypesFolder, name), 'utf8'), name).toBe(text);
    }
  }, 60_000);

  it('the JSON Schema names every kind of line the zod schema does, each with the same members', async () => {
    const schema = JSON.parse(await readFile(join(exportLineTypesFolder, 'export-line.schema.json'), 'utf8')) as {
      $defs: Record<string, { oneOf?: { $ref: string }[]; properties?: Record<string, { const?: string }> }>;
    };
    const options = schema.$defs.EvidenceExportLine!.oneOf!.map((o) => schema.$defs[o.$ref.split('/').at(-1)!]!);
    expect(options.map((o) => o.properties!.kind!.const)).toEqual(exportLineSchema.options.map((o) => o.shape.kind.value));
    expect(options.map((o) => Object.keys(o.properties!))).toEqual(exportLineSchema.options.map((o) => Object.keys(o.shape)));
  });
});
