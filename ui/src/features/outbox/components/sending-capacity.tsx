import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../../utils/format.ts';
import { sendingForecastQueryOptions } from '../api/forecast-api.ts';
import { forecastSentences } from '../utils/forecast-text.ts';

/** Today's sending capacity used (sent of what the active mailboxes may send today), and when what waits goes out. */
export function SendingCapacity() {
  const forecast = useQuery(sendingForecastQueryOptions());
  if (forecast.isPending) return <span className="loading loading-spinner loading-sm" aria-label="Loading the sending capacity" />;
  if (forecast.isError) return <p className="text-sm text-base-content/70">{forecast.error.message}</p>;
  const { sentToday, capacityToday } = forecast.data;
  const today = sentToday + capacityToday;
  const sentences = forecastSentences(forecast.data, null);
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="sending-capacity">
      <div className="flex justify-between text-base-content/70">
        <span>Sent today</span>
        <span className="tabular-nums" data-testid="sent-today">
          {formatNumber(sentToday)} of {formatNumber(today)}
        </span>
      </div>
      <progress
        className="progress progress-primary w-full"
        value={today === 0 ? 0 : sentToday}
        max={Math.max(today, 1)}
        aria-label="Today's sending capacity used"
      />
      <p>{sentences.capacity}</p>
      <p>{sentences.finish}</p>
    </div>
  );
}
