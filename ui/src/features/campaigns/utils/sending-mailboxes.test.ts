import { describe, expect, it } from 'vitest';
import { mailboxChoices, sameMailboxes, sendingSummary, toggleMailbox, type MailboxOption } from './sending-mailboxes.ts';

const mailbox = (id: string, status: MailboxOption['status'] = 'active'): MailboxOption => ({
  id,
  fromName: 'Alex Morgan',
  fromAddress: `${id}@brightline.test`,
  status,
});
const [north, south, east] = [mailbox('north'), mailbox('south'), mailbox('east', 'paused')];

describe('mailboxChoices', () => {
  it("ticks the campaign's mailboxes in the workspace's order, marks paused ones, and keeps chosen ones removed since", () => {
    expect(mailboxChoices([north, south, east], ['gone', 'east', 'north'])).toEqual([
      { id: 'north', fromAddress: 'north@brightline.test', fromName: 'Alex Morgan', checked: true, paused: false, removed: false },
      { id: 'south', fromAddress: 'south@brightline.test', fromName: 'Alex Morgan', checked: false, paused: false, removed: false },
      { id: 'east', fromAddress: 'east@brightline.test', fromName: 'Alex Morgan', checked: true, paused: true, removed: false },
      { id: 'gone', fromAddress: 'gone', fromName: 'Removed mailbox', checked: true, paused: false, removed: true },
    ]);
  });
});

describe('toggleMailbox and sameMailboxes', () => {
  it('ticks and unticks one mailbox, and compares choices whatever their order', () => {
    expect(toggleMailbox(['north'], 'south')).toEqual(['north', 'south']);
    expect(toggleMailbox(['north', 'south'], 'north')).toEqual(['south']);
    expect(sameMailboxes(['north', 'south'], ['south', 'north'])).toBe(true);
    expect(sameMailboxes(['north'], ['north', 'south'])).toBe(false);
    expect(sameMailboxes([], [])).toBe(true);
  });
});

describe('sendingSummary', () => {
  it('says every active mailbox sends when none is ticked, and warns when none can', () => {
    expect(sendingSummary([north, south, east], [])).toEqual({
      text: 'All active mailboxes: its emails take turns among the 2 active now.',
      warning: false,
    });
    expect(sendingSummary([north, east], [])).toEqual({
      text: 'All active mailboxes: its emails go out through north@brightline.test, the only one active now.',
      warning: false,
    });
    expect(sendingSummary([east], []).warning).toBe(true);
    expect(sendingSummary([], [])).toEqual({ text: 'No mailbox is connected yet: its emails wait until one is.', warning: true });
  });

  it('counts the ticked mailboxes that can send, and warns when none of them is active', () => {
    expect(sendingSummary([north, south, east], ['north', 'south'])).toEqual({
      text: 'Its emails take turns among 2 chosen mailboxes.',
      warning: false,
    });
    expect(sendingSummary([north, south, east], ['south', 'east', 'gone'])).toEqual({
      text: 'Its emails go out through south@brightline.test (2 more chosen, paused or removed).',
      warning: false,
    });
    expect(sendingSummary([north, east], ['east', 'gone'])).toEqual({
      text: 'None of the chosen mailboxes is active: its emails wait until one is resumed or others are chosen.',
      warning: true,
    });
  });
});
