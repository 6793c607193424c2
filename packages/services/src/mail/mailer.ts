/** Outgoing mail is a port: production plugs a transport in; local mode prints to the console. */
export type Mail = { to: string; subject: string; text: string };
export type Mailer = { readonly transport: string; send(mail: Mail): Promise<void> };

/**
 * Local mode only (env validation refuses it in production): prints the message, links included,
 * so a developer can follow a password-reset or invitation link without a mail server.
 */
export function createConsoleMailer(log: (line: string) => void = console.log): Mailer {
  return {
    transport: "console",
    send(mail) {
      log(`[meshbench mail → ${mail.to}] ${mail.subject}\n${mail.text}`);
      return Promise.resolve();
    },
  };
}

/** No transport configured: nothing is sent and nothing secret is logged. */
export function createDisabledMailer(log: (line: string) => void = console.warn): Mailer {
  return {
    transport: "none",
    send(mail) {
      log(`meshbench mail: no transport configured; "${mail.subject}" was not sent`);
      return Promise.resolve();
    },
  };
}
