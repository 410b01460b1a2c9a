import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { trendRangeQueryOptions } from '../api/dashboard-queries.ts';
import type { TrendRange } from '../api/types.ts';
import { chartRows, type ChartRow } from '../utils/chart-data.ts';
import { EmptyNote, Panel } from './panel.tsx';
import { chartFigure, chartSummary, SERIES } from './progress-chart-text.ts';

const RANGES: Array<{ range: TrendRange; label: string }> = [
  { range: '7d', label: '7D' },
  { range: '30d', label: '30D' },
  { range: '90d', label: '90D' },
];

const TOOLTIP_BOX = { backgroundColor: 'var(--color-base-100)', borderColor: 'var(--color-base-300)' };
const TOOLTIP_TEXT = { color: 'var(--color-base-content)' };

/** The chart's figures as a table: a row per day (or week), a column per line. */
function ChartTable({ rows, range, caption }: { rows: readonly ChartRow[]; range: TrendRange; caption: string }) {
  return (
    <table className="table table-xs table-pin-rows" data-testid="progress-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{range === '90d' ? 'Week' : 'Day'}</th>
          {SERIES.map((series) => (
            <th key={series.key} scope="col" className="text-right">
              {series.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="font-normal whitespace-nowrap">
              {row.label}
            </th>
            {SERIES.map((series) => (
              <td key={series.key} className="text-right tabular-nums">
                {chartFigure(row[series.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Learning Progress": the trend rates over 7 or 30 days (daily) or 90 days (weekly). Its text
 * alternative (WCAG 1.1.1): a summary sentence under it, and its figures as a table, read by screen
 * readers always and shown on screen with "Show as table".
 */
export function ProgressChart() {
  const [range, setRange] = useState<TrendRange>('30d');
  const [tableShown, setTableShown] = useState(false);
  const ids = useId();
  const trends = useQuery(trendRangeQueryOptions(range));
  const rows = chartRows(trends.data ?? []);
  const summary = chartSummary(rows, range);
  const caption = `Learning Progress, ${RANGES.find((option) => option.range === range)?.label ?? range}, as a table`;
  const buttons = (
    <div className="join" role="group" aria-label="Chart range">
      {RANGES.map((option) => (
        <button
          key={option.range}
          type="button"
          aria-pressed={range === option.range}
          onClick={() => setRange(option.range)}
          className={`btn join-item btn-xs ${range === option.range ? 'btn-primary' : 'btn-ghost'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
  return (
    <Panel title="Learning Progress" actions={buttons} className="lg:col-span-2">
      {trends.isError && <ErrorAlert message={trends.error.message} />}
      {trends.isPending ? (
        <span className="loading loading-spinner loading-md" aria-label="Loading the chart" />
      ) : rows.length === 0 ? (
        <EmptyNote>
          No outcomes in this range yet: the chart fills as emails are sent, replies arrive, meetings are booked and leads are scored.
        </EmptyNote>
      ) : (
        // Not a <figure>: daisyUI's card styles its figures as pictures (centred, clipped).
        <div role="figure" className="flex min-w-0 flex-col gap-2" aria-label="Learning Progress chart">
          <div className="h-64 w-full" data-testid="progress-chart" data-points={rows.length}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={rows}
                margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
                // Named for a screen reader (the summary and the table below say its figures); the arrow keys still walk its points' tooltips.
                role="img"
                title="Learning Progress chart"
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-base-300)" />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} />
                {/* Words in the text colour on the panel's own background (a line's colour is too light to read text in): the
                    series' names tell them apart; figures as the table and the summary show them. */}
                <Tooltip
                  formatter={(value) => chartFigure(Number(value))}
                  contentStyle={TOOLTIP_BOX}
                  labelStyle={TOOLTIP_TEXT}
                  itemStyle={TOOLTIP_TEXT}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span className="text-base-content">{name}</span>} />
                {SERIES.map((series) => (
                  <Line
                    key={series.key}
                    type="monotone"
                    dataKey={series.key}
                    name={series.name}
                    stroke={series.color}
                    strokeWidth={2}
                    dot={rows.length < 20}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <div className="flex flex-wrap items-start justify-between gap-2 text-xs text-base-content/70">
            <span className="min-w-0 flex-1 basis-64" data-testid="progress-summary">
              {summary}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-expanded={tableShown}
              aria-controls={`${ids}-table`}
              onClick={() => setTableShown((shown) => !shown)}
            >
              {tableShown ? 'Hide the table' : 'Show as table'}
            </button>
          </div>
          {/* Always there for a screen reader; on screen once asked for, scrolling within its box when long. */}
          {tableShown ? (
            <div
              id={`${ids}-table`}
              role="region"
              aria-label={caption}
              tabIndex={0}
              className="max-h-72 overflow-auto rounded-box border border-base-300"
            >
              <ChartTable rows={rows} range={range} caption={caption} />
            </div>
          ) : (
            <div id={`${ids}-table`} className="sr-only">
              <ChartTable rows={rows} range={range} caption={caption} />
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
