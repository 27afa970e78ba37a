import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../lib/format/money.ts';
import type { ChartPoint } from './chart-points.ts';

type DailyBarChartProps = {
  points: ChartPoint[];
  /** "avance(s)" / "recharge(s)" in the tooltip. */
  unitLabel: (count: number) => string;
  /** Bar colour (a CSS colour). */
  color: string;
};

function ChartTooltip({
  active,
  payload,
  unitLabel,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: ChartPoint }>;
  unitLabel: (count: number) => string;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-sm shadow-md ring-1 ring-gray-200">
      <p className="font-medium text-gray-900">{point.label}</p>
      <p className="text-gray-700">
        {unitLabel(point.count)} · {formatMoney(point.amountText)}
      </p>
    </div>
  );
}

/**
 * The daily amounts as bars (recharts). This module is only reached through React.lazy, so recharts
 * lands in its own chunk, fetched when the dashboard first draws a chart. Drawing only: the numbers
 * are also in the card's summary and hidden table, which is what screen readers get.
 */
export default function DailyBarChart({ points, unitLabel, color }: DailyBarChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* No keyboard layer: the chart is hidden from assistive technologies (the card's table
          carries the same numbers), and a hidden element must not take the focus. */}
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e5e7eb" />
        <XAxis
          dataKey="shortLabel"
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: '#4b5563' }}
          interval="preserveStartEnd"
          minTickGap={16}
        />
        <YAxis
          width={84}
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: '#4b5563' }}
          tickFormatter={(value: number) => formatMoney(value)}
          allowDecimals={false}
        />
        <Tooltip
          cursor={{ fill: '#f3f4f6' }}
          content={({ active, payload }) => (
            <ChartTooltip
              active={active}
              payload={payload as ReadonlyArray<{ payload?: ChartPoint }>}
              unitLabel={unitLabel}
            />
          )}
        />
        <Bar dataKey="amount" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
