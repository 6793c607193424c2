"use client";
import { useState } from "react";

/** Colour-blind-safe palette (Okabe–Ito), readable on light and dark panels. */
const SERIES_COLORS = [
  "#0072B2",
  "#D55E00",
  "#009E73",
  "#CC79A7",
  "#E69F00",
  "#56B4E9",
  "#8c8c8c",
  "#F0E442",
];

export const colorAt = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** Which series a chart hides: the state behind its legend buttons. */
export function useHiddenSeries() {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { hidden, toggle };
}

/**
 * The legend every chart here has: below the plot (never over an axis title), one keyboard-
 * operable button per series that hides and shows it.
 */
export function SeriesLegend({
  name,
  items,
  hidden,
  toggle,
}: {
  name: string;
  items: { id: string; label: string; color: string }[];
  hidden: Set<string>;
  toggle: (id: string) => void;
}) {
  return (
    <ul className="legend" aria-label={`${name} series`}>
      {items.map((s) => (
        <li key={s.id}>
          <button type="button" aria-pressed={!hidden.has(s.id)} onClick={() => toggle(s.id)}>
            <span className="swatch" style={{ background: s.color }} />
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
