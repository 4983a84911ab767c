import type { Transporter } from "nodemailer";
import type { Mailer } from "../../modules/mail/mail.transport.ts";

/** Real delivery over SMTP (`smtp://user:pass@host:port`, `smtps://…`). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at boot (decision 0055).
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    );
    return transport;
  };
  return {
    kind: "smtp",
    async send(mail) {
      await (await connect()).sendMail({ from, ...mail });
    },
    async close() {
      (await transport)?.close();
    },
  };
}
