/** The one folder argument of `npm run backup -- DIR` and `npm run restore -- DIR`. */
export function folderArgument(command: 'backup' | 'restore', args = process.argv.slice(2)): string {
  const usage = `usage: npm run ${command} -- DIR`;
  const folders = args.filter((arg) => !arg.startsWith('-'));
  const option = args.find((arg) => arg.startsWith('-'));
  if (option) throw new Error(`unknown option ${option}; ${usage}`);
  if (folders.length !== 1) throw new Error(usage);
  return folders[0]!;
}
