/**
 * Help is printed for --help, -h, `grundy help` and a bare `grundy`: no command runs then
 * (cli/main.ts), and `grundy compute` starts no threads ahead for it (cli/head-start.ts).
 */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.length === 0 || argv.some((a) => a === '--help' || a === '-h' || a === 'help');
}
