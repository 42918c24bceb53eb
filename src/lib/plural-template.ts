/**
 * A count in a one-level ICU plural message (`{count, plural, one {# follower} other {# followers}}`),
 * for client components whose count changes in the browser. Only the plural form is understood (no
 * nesting, no select), so no message formatter ships to the browser (decision 0007); the language's
 * plural rules come from `Intl.PluralRules`. A message without plural syntax is filled as a template.
 */
const pluralMessage = /^\{\s*(\w+)\s*,\s*plural\s*,([\s\S]*)\}$/;
const pluralCase = /\s*(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/gy;

export function formatCount(message: string, count: number, languageTag: string): string {
  const number = new Intl.NumberFormat(languageTag).format(count);
  const match = pluralMessage.exec(message.trim());
  if (!match) return message.replace(/\{\w+\}/g, number);
  const cases = new Map<string, string>();
  pluralCase.lastIndex = 0;
  for (const [, key, text] of match[2]!.matchAll(pluralCase)) cases.set(key!, text!);
  const chosen =
    cases.get(`=${count}`) ??
    cases.get(new Intl.PluralRules(languageTag).select(count)) ??
    cases.get('other');
  return (chosen ?? message).replace(/#/g, number);
}
