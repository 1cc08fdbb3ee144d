import Database from 'better-sqlite3';

/** Sweep results stored so far, read without going through the CLI (0 while the store does not exist). */
export function storedResults(db: string): number {
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (conn.prepare('SELECT count(*) AS n FROM sweep_results').get() as { n: number }).n;
    } finally {
      conn.close();
    }
  } catch {
    return 0;
  }
}
