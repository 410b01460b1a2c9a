import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { sendingForecastQueryOptions } from '../api/forecast-api.ts';
import { forecastSentences } from '../utils/forecast-text.ts';

interface SendingForecastProps {
  /** New emails to place after those waiting (a campaign's first emails); 0 for what already waits. */
  emails?: number;
  /** What the new emails are, as the sentence names them ("the 59 first emails"). */
  what?: string;
}

/**
 * When emails go out, measured from the workspace's mailboxes (their caps as they warm up), the
 * sending window and the gap between sends, with the way to shorten it: another mailbox.
 */
export function SendingForecast({ emails = 0, what }: SendingForecastProps) {
  const forecast = useQuery(sendingForecastQueryOptions(emails));
  if (forecast.isPending) return <p className="text-sm text-base-content/70">Working out when these go out…</p>;
  if (forecast.isError)
    return <p className="text-sm text-base-content/70">When these go out could not be worked out: {forecast.error.message}</p>;
  const sentences = forecastSentences(forecast.data, what ?? null);
  return (
    <div role="note" className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm" data-testid="sending-forecast">
      <p className="font-medium" data-testid="forecast-finish">
        {sentences.finish}
      </p>
      <p className="text-base-content/80">{sentences.capacity}</p>
      {sentences.faster && (
        <p>
          {sentences.faster}{' '}
          <Link className="link link-primary" to="/settings/mailboxes">
            Mailboxes
          </Link>
        </p>
      )}
    </div>
  );
}
