import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer";

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
