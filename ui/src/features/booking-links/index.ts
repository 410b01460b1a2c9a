// What the booking page offers the app: the public page a prospect's booking link opens (/book/:token).
export { BookingPage } from './components/booking-page.tsx';
