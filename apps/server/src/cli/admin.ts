import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { setRoleByEmail } from "../modules/users/users.repo.ts";

/** `npm run admin -- promote EMAIL` / `demote EMAIL` on the configured database. */
async function main(argv: string[]) {
  const [command, email] = argv;
  if ((command !== "promote" && command !== "demote") || !email) {
    console.error("Usage: npm run admin -- promote|demote EMAIL");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, { poolMax: 1 });
  try {
    await database.migrate();
    const found = await setRoleByEmail(
      database.db,
      email,
      command === "promote" ? "admin" : "user",
    );
    if (!found) {
      console.error(`No user with e-mail ${email}`);
      return 1;
    }
    process.stdout.write(`${email} is now ${command === "promote" ? "an admin" : "a user"}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
