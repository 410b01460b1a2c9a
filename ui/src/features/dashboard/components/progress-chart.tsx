import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { trendRangeQueryOptions } from '../api/dashboard-queries.ts';
import type { TrendRange } from '../api/types.ts';
import { chartRows } from '../utils/chart-data.ts';
import { EmptyNote, Panel } from './panel.tsx';

const RANGES: Array<{ range: TrendRange; label: string }> = [
  { range: '7d', label: '7D' },
  { range: '30d', label: '30D' },
  { range: '90d', label: '90D' },
];
const SERIES = [
  { key: 'responseRate', name: 'Response rate %', color: 'var(--color-primary)' },
  { key: 'meetingBookingRate', name: 'Meeting booking rate %', color: 'var(--color-secondary)' },
  { key: 'leadQualityScore', name: 'Lead quality score', color: 'var(--color-accent)' },
] as const;

/** "Learning Progress": the trend rates over 7 or 30 days (daily) or 90 days (weekly). */
export function ProgressChart() {
  const [range, setRange] = useState<TrendRange>('30d');
  const trends = useQuery(trendRangeQueryOptions(range));
  const rows = chartRows(trends.data ?? []);
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
        <div className="h-64 w-full" data-testid="progress-chart" data-points={rows.length}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-base-300)" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
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
      )}
    </Panel>
  );
}
