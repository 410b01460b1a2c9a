import EmailReplyParser from 'email-reply-parser';

// Where quoted history starts in clients that do not prefix it with '>' (Outlook, forwards).
const HISTORY_MARKERS = [/^-{2,}\s*original message\s*-{2,}$/i, /^-{2,}\s*forwarded message\s*-{2,}$/i, /^begin forwarded message:$/i];
const OUTLOOK_HEADER_LINE = /^(sent|date):\s/i;

/**
 * The new text a person wrote in a reply: quoted history ("On ... wrote:" and '>' lines, Outlook's
 * original-message and From/Sent blocks, forwards) and signatures cut off. Falls back to the whole
 * text when cutting leaves nothing, so a reply that had text never reads as empty.
 */
export function newReplyText(text: string): string {
  const full = text.replace(/\r\n?/g, '\n').trim();
  const visible = new EmailReplyParser().read(beforeHistory(full)).getVisibleText().trim();
  return visible || full;
}

/** The text above the first line that starts quoted history, or all of it. */
function beforeHistory(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((_, index) => startsHistory(lines, index));
  return start === -1 ? text : lines.slice(0, start).join('\n');
}

/**
 * Whether quoted history starts at this line. email-reply-parser hides history only when a blank
 * line comes before its header or '>' lines after it, and takes a From line for one only with an address.
 */
function startsHistory(lines: string[], index: number): boolean {
  const line = (lines[index] ?? '').trim();
  if (HISTORY_MARKERS.some((marker) => marker.test(line))) return true;
  // Gmail's "On <date>, <name> <address> wrote:", which clients often wrap over two lines.
  if (/^On\s/.test(line)) return /wrote:$/.test(line) || /wrote:$/.test((lines[index + 1] ?? '').trim());
  // Outlook's "From: ... / Sent: ... / To: ... / Subject: ..." block.
  if (/^From:\s/i.test(line)) return lines.slice(index + 1, index + 4).some((next) => OUTLOOK_HEADER_LINE.test(next.trim()));
  return false;
}
