import type { Language } from "@fre/shared";
import { type MailMessageKey, mailText } from "../../i18n/index.ts";
import type { LinkMailData, MailFact, MailFacts } from "../../lib/domain-events.ts";
import type { Mail } from "./mail.transport.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface ActionMail {
  language: Language;
  to: string;
  nickname: string;
  url: string;
  subjectKey: MailMessageKey;
  introKey: MailMessageKey;
  actionKey: MailMessageKey;
  /** The validity of the link, when it expires. */
  expiryKey?: MailMessageKey;
  values?: Record<string, string>;
  /** Text quoted in the mail as written (a support answer), escaped in the HTML. */
  quote?: string;
}

/** A branded HTML mail with one call to action, and its plain-text twin. */
function actionMail(m: ActionMail): Mail {
  const t = (key: MailMessageKey, values?: Record<string, string>) =>
    mailText(m.language, key, { ...m.values, ...values });
  const greeting = t("greeting", { nickname: m.nickname });
  // Links that expire come from a request the reader may not have made; others need no warning.
  const footer = m.expiryKey ? `${t(m.expiryKey)} ${t("ignore")}` : "";
  const quoted = m.quote ? ["", ...m.quote.split(/\r?\n/).map((line) => `> ${line}`)] : [];
  const lines = [greeting, "", t(m.introKey), ...quoted, "", m.url, "", footer, "", t("signature")];
  const quoteHtml = m.quote
    ? `<blockquote style="margin:16px 0;padding:12px 16px;border-left:3px solid #f5b942;background:#0b0f17;white-space:pre-wrap">${escapeHtml(m.quote)}</blockquote>`
    : "";
  const html = `<!doctype html>
<html lang="${m.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(t(m.subjectKey))}</title></head>
<body style="margin:0;background:#0b0f17;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#e6e9ef;-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#131a26;border-radius:16px;padding:24px 20px;box-sizing:border-box">
<tr><td style="font-size:28px;font-weight:800;color:#f5b942;letter-spacing:1px">FRE</td></tr>
<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t(m.introKey))}</p>
${quoteHtml}
<p style="padding:16px 0"><a href="${escapeHtml(m.url)}" style="background:#f5b942;color:#0b0f17;text-decoration:none;font-weight:700;padding:14px 24px;border-radius:999px;display:inline-block">${escapeHtml(t(m.actionKey))}</a></p>
<p style="font-size:13px;color:#9aa4b2">${escapeHtml(t("linkFallback"))}<br><a href="${escapeHtml(m.url)}" style="color:#f5b942;word-break:break-all">${escapeHtml(m.url)}</a></p>
<p style="font-size:13px;color:#9aa4b2">${escapeHtml(footer)}</p>
<p>${escapeHtml(t("signature"))}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: m.to, subject: t(m.subjectKey), text: lines.join("\n"), html };
}

export interface Recipient {
  email: string;
  nickname: string;
  language: Language;
}

/** An `actionMail` to `user` (their address, nickname and language) whose link is `url`. */
const mailTo = (
  user: Recipient,
  url: string,
  mail: Omit<ActionMail, "language" | "to" | "nickname" | "url">,
): Mail =>
  actionMail({ language: user.language, to: user.email, nickname: user.nickname, url, ...mail });

export const verificationMail = (user: Recipient, url: string): Mail =>
  mailTo(user, url, {
    subjectKey: "verifySubject",
    introKey: "verifyIntro",
    actionKey: "verifyAction",
    expiryKey: "verifyExpiry",
  });

export const passwordResetMail = (user: Recipient, url: string): Mail =>
  mailTo(user, url, {
    subjectKey: "resetSubject",
    introKey: "resetIntro",
    actionKey: "resetAction",
    expiryKey: "resetExpiry",
  });

export const supportReceivedMail = (user: Recipient, subject: string, url: string): Mail =>
  mailTo(user, url, {
    subjectKey: "supportSubject",
    introKey: "supportIntro",
    actionKey: "supportAction",
    values: { subject },
  });

export const supportAnsweredMail = (
  user: Recipient,
  subject: string,
  url: string,
  answer: string,
): Mail =>
  mailTo(user, url, {
    quote: answer,
    subjectKey: "supportAnsweredSubject",
    introKey: "supportAnsweredIntro",
    actionKey: "supportAction",
    values: { subject },
  });

export const purchaseConfirmedMail = (
  user: Recipient,
  values: { item: string; bonus: string },
  url: string,
): Mail =>
  mailTo(user, url, {
    subjectKey: "purchaseSubject",
    introKey: "purchaseIntro",
    actionKey: "purchaseAction",
    values,
  });

/** The verdict on an identity check; a rejection quotes the admin's reason. */
export const kycDecisionMail = (
  user: Recipient,
  decision: { approved: true } | { approved: false; reason: string },
  url: string,
): Mail =>
  mailTo(user, url, {
    ...(decision.approved
      ? {
          subjectKey: "kycApprovedSubject",
          introKey: "kycApprovedIntro",
          actionKey: "kycApprovedAction",
        }
      : {
          subjectKey: "kycRejectedSubject",
          introKey: "kycRejectedIntro",
          actionKey: "kycRejectedAction",
          quote: decision.reason,
        }),
  });

/** A withdrawal's outcome: sent (completed), declined by an admin (quotes the reason), failed. */
export const withdrawalMail = (
  user: Recipient,
  outcome: "completed" | "rejected" | "failed",
  values: { amount: string; wallet: string; reason?: string | null },
  url: string,
): Mail =>
  mailTo(user, url, {
    subjectKey:
      outcome === "completed"
        ? "withdrawalCompletedSubject"
        : outcome === "rejected"
          ? "withdrawalRejectedSubject"
          : "withdrawalFailedSubject",
    introKey:
      outcome === "completed"
        ? "withdrawalCompletedIntro"
        : outcome === "rejected"
          ? "withdrawalRejectedIntro"
          : "withdrawalFailedIntro",
    actionKey: "withdrawalAction",
    values: { amount: values.amount, wallet: values.wallet },
    ...(outcome === "rejected" && values.reason ? { quote: values.reason } : {}),
  });

/** What a template needs beyond its data: where the app's links point. */
export interface MailContext {
  publicUrl: string;
}

const link = (context: MailContext, path: string) => new URL(path, context.publicUrl).toString();

/**
 * The mail module's subscriptions: one template per fact a user hears of by mail (`MailFacts`,
 * which the domain events carry). A service records the fact and its data (no address, no
 * language); the mail is rendered at delivery in the recipient's language of that moment. A new
 * fact fails to compile here until it has its template.
 */
export const mailTemplates = {
  verifyEmail: (to: Recipient, data: LinkMailData) => verificationMail(to, data.url),
  passwordReset: (to: Recipient, data: LinkMailData) => passwordResetMail(to, data.url),
  supportReceived: (to: Recipient, data: MailFacts["supportReceived"], c: MailContext) =>
    supportReceivedMail(to, data.subject, link(c, `/support?ticket=${data.ticketId}`)),
  supportAnswered: (to: Recipient, data: MailFacts["supportAnswered"], c: MailContext) =>
    supportAnsweredMail(to, data.subject, link(c, `/support?ticket=${data.ticketId}`), data.answer),
  purchaseConfirmed: (to: Recipient, data: MailFacts["purchaseConfirmed"], c: MailContext) =>
    purchaseConfirmedMail(to, data, link(c, "/shop")),
  kycDecision: (to: Recipient, data: MailFacts["kycDecision"], c: MailContext) =>
    kycDecisionMail(to, data, link(c, "/kyc")),
  withdrawalOutcome: (to: Recipient, data: MailFacts["withdrawalOutcome"], c: MailContext) =>
    withdrawalMail(to, data.outcome, data, link(c, "/wallet")),
} satisfies { [F in MailFact]: (to: Recipient, data: MailFacts[F], context: MailContext) => Mail };

export type MailTemplateName = MailFact;
export type MailData<T extends MailTemplateName> = MailFacts[T];

export const isMailTemplate = (name: string): name is MailTemplateName =>
  Object.hasOwn(mailTemplates, name);

const secretLinkTemplates: ReadonlySet<string> = new Set<MailTemplateName>([
  "verifyEmail",
  "passwordReset",
]);

/**
 * Whether a template's data is a link whose token signs in or resets a password (decision 0032):
 * its recorded data is emptied once delivered, it is never sent past its expiry, and it is never
 * logged.
 */
export const isSecretLinkMail = (name: string): name is "verifyEmail" | "passwordReset" =>
  secretLinkTemplates.has(name);

/** The mail of a recorded template, in the recipient's language. */
export function renderMail<T extends MailTemplateName>(
  template: T,
  to: Recipient,
  data: MailData<T>,
  context: MailContext,
): Mail {
  const render = mailTemplates[template] as (
    to: Recipient,
    data: MailData<T>,
    context: MailContext,
  ) => Mail;
  return render(to, data, context);
}
