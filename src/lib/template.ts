/**
 * Fills `{name}` placeholders. Client components get their texts from the server already translated;
 * where a text needs a value known only in the browser, they get a template with plain placeholders
 * (no plural or number syntax), so no message formatter ships to the browser (decision 0007).
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}
