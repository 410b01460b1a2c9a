import { BookingPage } from '../../features/booking-links/index.ts';

/** /book/:token: a prospect's booking link, public (the token is the credential), outside the app's shell. */
export function BookingPageRoute() {
  return <BookingPage />;
}
