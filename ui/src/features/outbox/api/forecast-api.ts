import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiSendingForecastResponse } from '../../../lib/api-types.generated.ts';

/** GET /api/sending/forecast: the sending capacity, and the day the last waiting email (and `emails` more) goes out. */
export type SendingForecast = GetApiSendingForecastResponse;

/** The forecast for `emails` new emails after those already waiting; fetched again every minute (sends use capacity up). */
export const sendingForecastQueryOptions = (emails = 0) =>
  queryOptions({
    queryKey: ['sending', 'forecast', emails],
    queryFn: ({ signal }) => apiRequest<SendingForecast>(`/api/sending/forecast?emails=${emails}`, { signal }),
    refetchInterval: 60_000,
  });
