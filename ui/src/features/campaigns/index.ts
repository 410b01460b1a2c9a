// What Outreach Management offers other features: how a campaign's status is badged.
export { STATUS_BADGE } from './utils/outreach.ts';
