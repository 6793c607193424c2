"use client";

/** The route-level error state: what failed, and a way to try again. */
export function PageError({ what, reset }: { what: string; reset: () => void }) {
  return (
    <div className="empty" role="alert">
      <p>Could not load {what}. The server may be restarting or the database unreachable.</p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
