import { useState } from 'react';
import { formatMoney } from '../../../lib/format/money.ts';
import type { ChartPoint } from './chart-points.ts';

type DailyBarChartProps = {
  points: ChartPoint[];
  /** "avance(s)" / "recharge(s)" in the tooltip. */
  unitLabel: (count: number) => string;
  /** Bar colour (a CSS colour). */
  color: string;
};

/** How many values the vertical axis shows above zero. */
const TICKS = 4;
/** At most this many day labels under the bars (first and last included), so they never overlap. */
const MAX_DAY_LABELS = 6;

/** The smallest "round" step (1, 2, 2.5 or 5 × 10ⁿ) that covers `max` in `TICKS` steps. */
export function axisStep(max: number): number {
  if (!(max > 0)) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return Math.max(1, step ?? 10 * power);
}

/** Which days get a label under the axis: evenly spread, always the first and the last. */
export function labelledDays(count: number): Set<number> {
  if (count <= MAX_DAY_LABELS) return new Set(Array.from({ length: count }, (_, index) => index));
  const every = Math.ceil((count - 1) / (MAX_DAY_LABELS - 1));
  const shown = new Set<number>();
  let index = 0;
  for (; index < count - 1; index += every) shown.add(index);
  // The last day always shows; the label before it makes way when they would crowd each other.
  const before = index - every;
  if (before > 0 && count - 1 - before <= every / 2) shown.delete(before);
  shown.add(count - 1);
  return shown;
}

/**
 * The daily amounts as bars, drawn with plain elements and CSS heights: no chart library (recharts
 * weighed 106 KiB gzip and took most of the dashboard's main-thread time on a phone), no layout
 * measurement, so it draws in the same pass as the rest of the card. Drawing only: the numbers are
 * also in the card's summary and hidden table, which is what screen readers get (the card hides
 * this from them, so it takes no focus either). Hovering a day shows its figures.
 */
export default function DailyBarChart({ points, unitLabel, color }: DailyBarChartProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const max = Math.max(0, ...points.map((point) => point.amount));
  const step = axisStep(max);
  const top = step * TICKS;
  const ticks = Array.from({ length: TICKS + 1 }, (_, index) => step * (TICKS - index));
  const labelled = labelledDays(points.length);
  const active = hovered === null ? null : points[hovered];

  return (
    <div className="flex h-full w-full flex-col text-xs text-gray-600" data-testid="bar-chart">
      <div className="flex min-h-0 flex-1 pt-2">
        <div className="flex w-[84px] shrink-0 flex-col justify-between pr-2 text-right">
          {ticks.map((value) => (
            <span key={value} className="-my-2 leading-4">
              {formatMoney(value)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          {ticks.map((value) => (
            <div
              key={value}
              className="absolute inset-x-0 border-t border-gray-200"
              style={{ top: `${100 - (value / top) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-px">
            {points.map((point, index) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only preview on a drawing hidden from assistive technologies; the card's table gives the same figures.
              <div
                key={point.date}
                data-testid="bar"
                className={`flex h-full min-w-0 flex-1 items-end rounded-t ${hovered === index ? 'bg-gray-100' : ''}`}
                onMouseEnter={() => setHovered(index)}
                onMouseLeave={() => setHovered((current) => (current === index ? null : current))}
              >
                <div
                  className="w-full rounded-t"
                  style={{ height: `${(Math.max(0, point.amount) / top) * 100}%`, backgroundColor: color }}
                />
              </div>
            ))}
          </div>
          {active && hovered !== null ? (
            <div
              role="presentation"
              className="pointer-events-none absolute top-0 z-10 whitespace-nowrap rounded-lg bg-white px-3 py-2 text-sm shadow-md ring-1 ring-gray-200"
              style={
                hovered < points.length / 2
                  ? { left: `${((hovered + 1) / points.length) * 100}%` }
                  : { right: `${((points.length - hovered) / points.length) * 100}%` }
              }
            >
              <p className="font-medium text-gray-900">{active.label}</p>
              <p className="text-gray-700">
                {unitLabel(active.count)} · {formatMoney(active.amountText)}
              </p>
            </div>
          ) : null}
        </div>
      </div>
      <div className="ml-[84px] flex pt-1">
        {points.map((point, index) => (
          <span key={point.date} className="relative min-w-0 flex-1">
            {labelled.has(index) ? (
              <span
                className={`absolute top-0 whitespace-nowrap ${
                  index === 0
                    ? 'left-0'
                    : index === points.length - 1
                      ? 'right-0'
                      : 'left-1/2 -translate-x-1/2'
                }`}
              >
                {point.shortLabel}
              </span>
            ) : null}
          </span>
        ))}
      </div>
      <div className="h-4" />
    </div>
  );
}
