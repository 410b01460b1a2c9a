// What Campaigns (the Outreach Management screen and a campaign's pages) offers other features: how a campaign's status is badged.
export { STATUS_BADGE } from './utils/outreach.ts';
