/**
 * The end-to-end server: the real server (`startServer`) plus one route only this entry has,
 * `POST /__e2e/login`, which inserts an account with the given profile and a session and sets the
 * session cookie, as Epic Stack's login fixture does. Specs that are not about signing up or in
 * start signed in through it (`login` in fixtures.ts), so they depend on no other spec.
 *
 * Started by serve.mjs; listens on 127.0.0.1 only (playwright.config.ts sets HOST).
 */
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITIES, LOCALES, TIERS, USER_TYPES } from "../../src/common/constants";
import { activitySelectionsSchema } from "../../src/common/profile";
import { createSession, sessionCookieName } from "../../src/server/auth/session";
import { loadConfig } from "../../src/server/config";
import { emailOutbox } from "../../src/server/db/schema";
import { startServer } from "../../src/server/server";
import { createUser } from "../../src/test/app";

const loginInput = z.object({
  name: z.string().min(2).max(100),
  email: z.email(),
  password: z.string().min(8).optional(),
  status: z.enum(["pending", "approved", "rejected"]).default("approved"),
  admin: z.boolean().default(false),
  activities: z.array(z.enum(ACTIVITIES)).default(["exporter"]),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
  sectors: z.array(z.string()).default([]),
  userType: z.enum(USER_TYPES).default("individual"),
  expertiseAreas: z.array(z.string()).default([]),
  activitySelections: activitySelectionsSchema.optional(),
  tier: z.enum(TIERS).default("turquoise"),
  points: z.number().int().min(0).default(0),
  locale: z.enum(LOCALES).optional(),
});

const config = loadConfig();
if (config.isProduction) throw new Error("the end-to-end server must not run in production");

const server = await startServer(config, {
  async extendApp(app, deps) {
    // The newest e-mail to `to`, as the outbox holds it: the tests read mailed links here, as a
    // person reads their mailbox.
    app.get<{ Querystring: { to?: string } }>("/__e2e/mail", async (req, reply) => {
      const to = z.email().parse(req.query.to).toLowerCase();
      const [mail] = await deps.database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, to))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      if (!mail) return reply.code(404).send({ error: "no mail" });
      return mail;
    });

    app.post("/__e2e/login", async (req, reply) => {
      const input = loginInput.parse(req.body);
      const user = await createUser(deps.database.db, {
        status: input.status,
        admin: input.admin,
        name: input.name,
        email: input.email,
        password: input.password,
        locale: input.locale,
        activities: input.activities,
        targetCountries: input.countries,
        industrialSectors: input.sectors,
        userType: input.userType,
        expertiseAreas: input.expertiseAreas,
        activitySelections: input.activitySelections,
        tier: input.tier,
        points: input.points,
      });
      const { token } = await createSession(deps.database.db, user.id);
      reply.setCookie(sessionCookieName(config.isProduction), token, { httpOnly: true, sameSite: "lax", path: "/" });
      return { userId: user.id, email: user.email, password: user.password, name: user.name };
    });
  },
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
