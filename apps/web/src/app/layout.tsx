import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { NavLinks } from "~/components/layout/nav-links";
import { THEME_SCRIPT, ThemeToggle } from "~/components/layout/theme-toggle";
import { UserMenu } from "~/components/layout/user-menu";
import { TRPCReactProvider } from "~/trpc/react";
import "~/styles/base.css";
import "~/styles/accounts.css";
import "~/styles/report.css";
import "~/styles/pages.css";
import "~/styles/charts.css";

export const metadata: Metadata = {
  title: { default: "Meshbench", template: "%s · Meshbench" },
  description: "What a service mesh costs you, measured: latency and resources, mesh vs baseline.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <header className="shell-header">
          <Link href="/" className="brand">
            Meshbench
          </Link>
          <NavLinks />
          <ThemeToggle />
          <UserMenu />
        </header>
        <TRPCReactProvider>
          <main>{children}</main>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
