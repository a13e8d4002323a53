import type { TeamDay } from '@fortuna/contracts/agent';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './team-chart.css';

const CHART_HEIGHT = 280;

/** The lines drawn, each from a day of the series in major units (a chart, so floating point is fine). */
const LINES = [
  { key: 'validBet', color: '--violet', of: (day: TeamDay) => day.bets.validBetMinor },
  { key: 'winLoss', color: '--gold', of: (day: TeamDay) => day.bets.profitMinor },
  { key: 'deposits', color: '--teal', of: (day: TeamDay) => day.depositMinor },
  { key: 'withdrawals', color: '--danger', of: (day: TeamDay) => day.withdrawalMinor },
] as const;

const cssColor = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The team overview's chart (uPlot, drawn on a canvas): valid bets, the players' win/loss,
 * deposits and withdrawals per day of the period. It follows its box's width; the same figures
 * are in the table beside it for those who cannot see the chart.
 */
export function TeamChart({ series, decimals }: { series: TeamDay[]; decimals: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const scale = 10 ** decimals;
    const days = series.map((day) => day.day);
    // Until the pointer rests on a day (and after it leaves), the legend shows the last day's
    // figures rather than uPlot's empty "—".
    const shown = (index: number | null) => index ?? series.length - 1;
    const columns = LINES.map((line) => series.map((day) => Number(line.of(day)) / scale));
    const muted = cssColor('--text-muted');
    const grid = cssColor('--border');
    const chart = new uPlot(
      {
        width: target.clientWidth || 600,
        height: CHART_HEIGHT,
        scales: { x: { time: false } },
        series: [
          {
            label: t('agent.day'),
            value: (_chart: uPlot, _raw: number | null, _series: number, index: number | null) =>
              days[shown(index)] ?? '',
          },
          ...LINES.map((line, lineIndex) => ({
            label: t(`agent.chart.${line.key}`),
            stroke: cssColor(line.color),
            width: 2,
            points: { show: series.length <= 31 },
            value: (_chart: uPlot, _raw: number | null, _series: number, index: number | null) =>
              (columns[lineIndex]?.[shown(index)] ?? 0).toLocaleString('en-US', {
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              }),
          })),
        ],
        axes: [
          {
            stroke: muted,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            incrs: [1, 2, 5, 7, 14, 30],
            values: (_chart, splits) => splits.map((index) => days[index]?.slice(5) ?? ''),
          },
          { stroke: muted, grid: { stroke: grid }, ticks: { stroke: grid }, size: 70 },
        ],
      },
      [series.map((_day, index) => index), ...columns],
      target,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: target.clientWidth, height: CHART_HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, decimals, t]);

  return (
    <figure className="team-chart" data-testid="team-chart">
      <figcaption className="visually-hidden">{t('agent.chartCaption')}</figcaption>
      <div ref={box} className="team-chart__canvas" />
    </figure>
  );
}
