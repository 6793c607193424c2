import { createTransport } from "nodemailer";
import { createConsoleMailer, createDisabledMailer, type Mailer } from "./mailer";

/** The SMTP transport as the apps validated it from env (`MESHBENCH_SMTP_*`). */
export type SmtpConfig = {
  host: string;
  port: number;
  /** The From address of every mail. */
  from: string;
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  user?: string | null;
  password?: string | null;
};

/**
 * Real mail over SMTP (nodemailer). Errors propagate with nodemailer's code and SMTP reply code;
 * callers record those, never the server's text.
 */
export function createSmtpMailer(config: SmtpConfig): Mailer {
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    auth: config.user ? { user: config.user, pass: config.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    transport: "smtp",
    async send(mail) {
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
  };
}

/** What the apps' env.ts hands over: the transport and, for `smtp`, the server. */
export type MailSettings = {
  transport: "console" | "none" | "smtp";
  mode: "local" | "production";
  smtp: Partial<Omit<SmtpConfig, "port">> & { port: number };
};

/**
 * The mailer for the validated settings. `console` only in local mode; `smtp` needs a host and a
 * From address (a start-up error names what is missing).
 */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.transport === "smtp") {
    const { host, from } = settings.smtp;
    if (!host || !from)
      throw new Error(
        "MESHBENCH_MAIL_TRANSPORT=smtp needs MESHBENCH_SMTP_HOST and MESHBENCH_SMTP_FROM",
      );
    return createSmtpMailer({ ...settings.smtp, host, from });
  }
  if (settings.transport === "console" && settings.mode === "local") return createConsoleMailer();
  return createDisabledMailer();
}
