/**
 * Fills `{name}` slots in a sentence from `params`. A slot with no value is left as written, so a
 * missing parameter shows up in a test instead of silently reading as an empty word.
 */
export function formatSentence(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([A-Za-z_][\w]*)\}/g, (slot, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : slot,
  );
}
