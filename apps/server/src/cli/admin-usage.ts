/**
 * The admin console's command line, apart from the commands themselves: the entry point checks
 * it before loading the database code, so a usage error answers at once.
 */
const COMMANDS = ["promote", "demote", "reset-code"];
export const ADMIN_USAGE = `Usage: npm run admin -- ${COMMANDS.join("|")} EMAIL`;

/** Whether the arguments name a command and one e-mail (checked before opening a database). */
export const isAdminCommand = (argv: string[]) =>
  argv.length === 2 && COMMANDS.includes(argv[0] ?? "") && Boolean(argv[1]);
