"use client";
import { useSyncExternalStore } from "react";

type Theme = "light" | "dark" | "system";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const EVENT = "meshbench-theme";

function read(): Theme {
  const t = document.documentElement.dataset.theme;
  return t === "light" || t === "dark" ? t : "system";
}
function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
}

/** Light / dark / system; stored per browser; globals.css reads data-theme on <html>. */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, read, (): Theme => "system");
  const choose = (t: Theme) => {
    if (t === "system") {
      localStorage.removeItem("meshbench-theme");
      delete document.documentElement.dataset.theme;
    } else {
      localStorage.setItem("meshbench-theme", t);
      document.documentElement.dataset.theme = t;
    }
    window.dispatchEvent(new Event(EVENT));
  };
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => choose(NEXT[theme])}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
    >
      {theme === "dark" ? "☾ dark" : theme === "light" ? "☀ light" : "◐ auto"}
    </button>
  );
}

/** Applied before paint so a saved theme does not flash. */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("meshbench-theme");if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
