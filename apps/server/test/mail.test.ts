import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "../src/db/schema/index.ts";
import {
  client,
  createTestApp,
  expectLedgerBalanced,
  signUp,
  type TestApp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes quoted-printable text (soft line breaks, =XX bytes) to bytes. */
function quotedPrintable(text: string): Buffer {
  const input = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) back to text. */
function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, "?==?");
  const pieces: Buffer[] = [];
  let last = 0;
  for (const match of joined.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)) {
    pieces.push(Buffer.from(joined.slice(last, match.index)));
    const data = match[2]!;
    pieces.push(
      match[1]!.toUpperCase() === "B"
        ? Buffer.from(data, "base64")
        : quotedPrintable(data.replaceAll("_", " ")),
    );
    last = match.index + match[0].length;
  }
  pieces.push(Buffer.from(joined.slice(last)));
  return Buffer.concat(pieces).toString("utf8");
}

function splitEntity(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(body).toString("utf8");
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Enough MIME to read what nodemailer sends: headers and the parts of a multipart body. */
function parseMail(raw: string) {
  const { headers, body } = splitEntity(raw);
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts: Record<string, string> = {};
  const entities = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((chunk) => !chunk.startsWith("--"))
        .map((chunk) => splitEntity(chunk.replace(/^\r?\n/, "")))
    : [{ headers, body }];
  for (const entity of entities) {
    const type = (entity.headers.get("content-type") ?? "text/plain").split(";")[0]!.trim();
    parts[type] = decodeBody(entity.body, entity.headers);
  }
  return {
    type: headers.get("content-type") ?? "",
    subject: decodeHeader(headers.get("subject") ?? ""),
    from: decodeHeader(headers.get("from") ?? ""),
    to: headers.get("to") ?? "",
    parts,
  };
}

describe("SMTP delivery", () => {
  const received: Received[] = [];
  const logins: { username?: string | null; password?: string | null }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith("bounce")) return callback();
      const refused = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  let test: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    test = await createTestApp({ config: { SMTP_URL: `smtp://fre:s3cret@127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    try {
      await expectLedgerBalanced(test);
    } finally {
      await test.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  const mailsTo = (email: string) => received.filter((mail) => mail.to.includes(email));

  it("sends the verification mail, text and HTML, through the SMTP server", async () => {
    const { user, client: c } = await signUp(test, uniqueUser("smtp"));
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1), { timeout: 10_000 });
    const [delivered] = mailsTo(user.email);
    expect(delivered!.from).toBe("no-reply@fre.local");
    expect(delivered!.to).toEqual([user.email]);

    const mail = parseMail(delivered!.raw);
    expect(mail.type).toMatch(/^multipart\/alternative/);
    expect(mail.subject).toBe("FRE — Confirmez votre adresse e-mail");
    expect(mail.from).toBe("FRE <no-reply@fre.local>");
    expect(mail.to).toBe(user.email);
    const text = mail.parts["text/plain"] ?? "";
    const html = mail.parts["text/html"] ?? "";
    expect(text).toContain(`Bonjour ${user.nickname},`);
    const link = text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    expect(html).toMatch(/^<!doctype html>/);
    // Read on a phone: scaled to the screen, no box wider than it.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/(?<!max-)width:\s*[3-9]\d\dpx/);
    expect(html).toContain(`href="${link!.replaceAll("&", "&#38;")}"`);

    const url = new URL(link!);
    const verified = await test.app.inject({ url: url.pathname + url.search });
    expect(verified.statusCode).toBe(302);
    expect((await c.get("/api/me")).json().emailVerified).toBe(true);
  });

  it("logs in to the SMTP server with the credentials of SMTP_URL", async () => {
    const { user } = await signUp(test, uniqueUser("smtp"));
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1), { timeout: 10_000 });
    expect(logins.length).toBeGreaterThan(0);
    expect(logins).toContainEqual({ username: "fre", password: "s3cret" });
  });

  it("sends the password reset mail in the user's language", async () => {
    const { user } = await signUp(test, uniqueUser("smtp"), { language: "en" });
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1), { timeout: 10_000 });
    const asked = await client(test).post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(2), { timeout: 10_000 });
    const reset = parseMail(mailsTo(user.email)[1]!.raw);
    expect(reset.subject).toContain("FRE");
    expect(reset.subject).not.toContain("mot de passe");
    expect(reset.parts["text/plain"]).toMatch(/\/api\/auth\/reset-password\/\S+/);
  });

  it("still signs up a user whose mailbox the SMTP server refuses", async () => {
    const user = uniqueUser("bounce");
    const c = client(test);
    const response = await c.post("/api/auth/sign-up/email", { ...user, name: user.nickname });
    expect(response.statusCode).toBe(200);
    expect((await c.get("/api/me")).json().email).toBe(user.email);
  });

  it("keeps no outbox and no /api/dev/outbox route", async () => {
    const response = await test.app.inject({ url: "/api/dev/outbox?to=someone@example.com" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "NOT_FOUND", message: "Ressource introuvable." });
    expect(await test.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe("outbox transport", () => {
  const test = useTestApp();

  it("lists the mails of one address, newest first", async () => {
    const { user, client: c } = await signUp(test(), uniqueUser("box"));
    const other = await signUp(test(), uniqueUser("box"));
    test().clock.advance(61_000);
    expect(
      (await c.post("/api/auth/send-verification-email", { email: user.email })).statusCode,
    ).toBe(200);
    const asked = await client(test()).post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode).toBe(200);

    const response = await test().app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(user.email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const mails = response.json() as {
      to: string;
      subject: string;
      text: string;
      html: string;
      createdAt: string;
    }[];
    expect(mails.map((mail) => mail.subject)).toEqual([
      "FRE — Réinitialisation de votre mot de passe",
      "FRE — Confirmez votre adresse e-mail",
      "FRE — Confirmez votre adresse e-mail",
    ]);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
      expect(mail.to).toBe(user.email);
      expect(mail.html).toContain("<html");
      expect(mail.text).toContain(user.nickname);
      expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);
    }
    const times = mails.map((mail) => Date.parse(mail.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(mails.some((mail) => mail.text.includes(other.user.nickname))).toBe(false);
  });

  it("requires the address", async () => {
    const response = await test().app.inject({ url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("VALIDATION_ERROR");
  });
});
