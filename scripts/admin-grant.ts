/**
 * `npm run admin:grant -- <email>`: grants the admin role to an existing account and approves
 * it (DESIGN.md §4). Uses DATABASE_URL or the embedded database, like the server.
 */
import { eq } from "drizzle-orm";
import { logSecurityEvent } from "../src/server/auth/security-events";
import { loadConfig } from "../src/server/config";
import { migrateDatabase, openDatabase } from "../src/server/db/client";
import { profiles, userRoles, users } from "../src/server/db/schema";

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error("Usage: npm run admin:grant -- <email>");
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) {
      console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    await database.db.transaction(async (tx) => {
      await tx.insert(userRoles).values({ userId: user.id, role: "admin" }).onConflictDoNothing();
      await tx
        .update(profiles)
        .set({ approvalStatus: "approved", reviewedAt: new Date() })
        .where(eq(profiles.userId, user.id));
      await logSecurityEvent(tx, { type: "admin_granted", userId: user.id, details: { via: "admin:grant" } });
    });
    console.log(`${email} is now an admin.`);
  } finally {
    await database.close();
  }
}

void main();
