import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChartPoint } from './chart-points.ts';
import DailyBarChart, { axisStep, labelledDays } from './daily-bar-chart.tsx';

const plain = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();

function point(day: number, count: number, amount: string): ChartPoint {
  const dd = String(day).padStart(2, '0');
  return {
    date: `2026-11-${dd}`,
    shortLabel: `${dd}/11`,
    label: `${dd}/11/2026`,
    count,
    amount: Number(amount),
    amountText: amount,
  };
}

const unit = (count: number) => (count <= 1 ? `${count} avance` : `${count} avances`);

describe('axisStep', () => {
  it('takes a round step that covers the largest amount in four', () => {
    expect(axisStep(1500)).toBe(500);
    expect(axisStep(2000)).toBe(500);
    expect(axisStep(2001)).toBe(1000);
    expect(axisStep(97)).toBe(25);
    expect(axisStep(0)).toBe(1);
    expect(axisStep(3)).toBe(1);
  });
});

describe('labelledDays', () => {
  it('labels every day of a short span', () => {
    expect([...labelledDays(4)]).toEqual([0, 1, 2, 3]);
  });

  it('labels a month with at most six evenly spread days, the first and the last included', () => {
    const shown = [...labelledDays(30)].sort((a, b) => a - b);
    expect(shown).toEqual([0, 6, 12, 18, 24, 29]);
    const crowded = [...labelledDays(8)].sort((a, b) => a - b);
    expect(crowded).toEqual([0, 2, 4, 7]);
  });
});

describe('DailyBarChart', () => {
  const points = [point(1, 1, '300.00'), point(2, 2, '1500.00'), point(3, 0, '0.00')];

  it('draws one bar per day, as tall as its amount on a round axis', () => {
    render(<DailyBarChart points={points} unitLabel={unit} color="#1f786d" />);
    const bars = screen.getAllByTestId('bar').map((bar) => (bar.firstElementChild as HTMLElement).style);
    // 1 500 DH on an axis of 0 to 2 000 DH (steps of 500).
    expect(bars.map((style) => style.height)).toEqual(['15%', '75%', '0%']);
    expect(bars[0]?.backgroundColor).toBe('rgb(31, 120, 109)');
    const chart = screen.getByTestId('bar-chart');
    for (const tick of ['0 DH', '500 DH', '1 000 DH', '1 500 DH', '2 000 DH'])
      expect(plain(chart.textContent)).toContain(tick);
    expect(chart).toHaveTextContent('01/11');
    expect(chart).toHaveTextContent('03/11');
  });

  it("shows a day's count and amount while the pointer is over it", () => {
    render(<DailyBarChart points={points} unitLabel={unit} color="#1f786d" />);
    const second = screen.getAllByTestId('bar')[1] as HTMLElement;
    fireEvent.mouseEnter(second);
    const tip = screen.getByRole('presentation');
    expect(tip).toHaveTextContent('02/11/2026');
    expect(plain(tip.lastElementChild?.textContent)).toBe('2 avances · 1 500 DH');
    fireEvent.mouseLeave(second);
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
  });
});
