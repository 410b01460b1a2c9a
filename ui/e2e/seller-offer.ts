// The seller's offer the e2e specs save before writing copy (PUT /api/offer): every email they
// read pitches it, so one definition keeps their expectations about the copy in step.
export const OFFER = {
  companyName: 'Lumen Ledger',
  oneLiner: 'closes your books in days instead of weeks',
  valueProps: [
    { pain: 'manual month-end reconciliation', value: 'your finance team signs off without spreadsheets' },
    { pain: 'late revenue reports', value: 'sales leaders see bookings the day they close' },
  ],
  personas: { titles: ['VP of Sales'] },
  callToAction: { meetingMinutes: 20 },
  senderName: 'Riley Chen',
};
