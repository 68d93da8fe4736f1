/** Where the generated files go: `examples/evidence-export/`. */
export const exportLineTypesFolder: string;
/** The JSON Schema of one export line and the types generated from it, by file name. */
export function exportLineTypeFiles(): Promise<{ 'export-line.schema.json': string; 'export-line.d.ts': string }>;
