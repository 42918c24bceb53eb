// Deep-merges a patch of translations into messages/<locale>.json: `node scripts/merge-messages.mjs patch.json`.
// The patch is `{ "<locale>": { ...the same nesting as the message files } }`; new keys are appended,
// existing ones replaced. Several people adding texts at once: run it under `flock /tmp/meshbay-messages.lock`.
import fs from 'node:fs';
import path from 'node:path';

const patchFile = process.argv[2];
if (!patchFile) {
  console.error('usage: node scripts/merge-messages.mjs patch.json');
  process.exit(2);
}
const patch = JSON.parse(fs.readFileSync(patchFile, 'utf8'));
const dir = path.join(import.meta.dirname, '..', 'messages');

function merge(target, source, where) {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'object' && value !== null) {
      if (typeof target[key] === 'string') throw new Error(`${where}${key} is a text, not a group`);
      target[key] ??= {};
      merge(target[key], value, `${where}${key}.`);
    } else {
      if (typeof target[key] === 'object') throw new Error(`${where}${key} is a group, not a text`);
      target[key] = value;
    }
  }
}

for (const [locale, tree] of Object.entries(patch)) {
  const file = path.join(dir, `${locale}.json`);
  if (!fs.existsSync(file)) throw new Error(`no messages/${locale}.json`);
  const messages = JSON.parse(fs.readFileSync(file, 'utf8'));
  merge(messages, tree, '');
  fs.writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
}
console.log(`merged ${Object.keys(patch).join(', ')}`);
