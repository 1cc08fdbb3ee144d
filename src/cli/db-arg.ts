/**
 * The store a command line names with --db (the last one given, as `--db FILE` or `--db=FILE`),
 * read from the raw arguments: a failed command's error names it in the command it suggests,
 * whatever yargs made of the rest.
 */
export function dbArg(argv: readonly string[]): string | undefined {
  let db: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--db' && i + 1 < argv.length) db = argv[i + 1];
    else if (arg.startsWith('--db=')) db = arg.slice('--db='.length);
  });
  return db;
}
