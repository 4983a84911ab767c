import nodemailer from "nodemailer";
import type { Mailer } from "../../modules/mail/mail.transport.ts";

/** Real delivery over SMTP (`smtp://user:pass@host:port`, `smtps://…`). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
