// Only what the sender wrote counts: our own outreach, quoted back under the reply, says
// "book a time" and "unsubscribe", and signatures carry phone numbers and disclaimers.

/** Lines that open the quoted history; everything from the first one on is dropped. */
const HISTORY_MARKERS: readonly RegExp[] = [
  // Gmail / Apple Mail, sometimes wrapped over two lines: "On Tue, 17 Nov 2026 at 10:02, Sam <sam@x.com> wrote:"
  /^On\b[^\n]*(?:\n[^\n]*)?\bwrote:[ \t]*$/m,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/im,
  // Outlook header block: "From: …" directly followed by "Sent: …" or "Date: …"
  /^From:[^\n]*\n(?:Sent|Date):/im,
  /^_{10,}\s*$/m,
];

/** A line made only of a sign-off ("Best,", "Thanks!", "Kind regards"): the signature starts there. */
const SIGN_OFF =
  /^(?:best|best regards|kind regards|warm regards|regards|thanks|thank you|many thanks|thanks again|cheers|sincerely|all the best|br|talk soon)[\s,.!]*$/i;

/** Lines that always start a signature or a client footer. */
const SIGNATURE_START: readonly RegExp[] = [/^--\s*$/, /^Sent from my /i, /^Get Outlook for /i];

/** The reply text without quoted history, quoted lines or signature. */
export function replyText(body: string): string {
  const text = body.replace(/\r\n?/g, '\n');
  let end = text.length;
  for (const marker of HISTORY_MARKERS) {
    const found = marker.exec(text);
    if (found && found.index < end) end = found.index;
  }
  const kept: string[] = [];
  for (const line of text.slice(0, end).split('\n')) {
    const trimmed = line.trim();
    if (SIGNATURE_START.some((start) => start.test(trimmed))) break;
    // A sign-off only ends the text once something was written, so "Thanks!" alone survives.
    if (SIGN_OFF.test(trimmed) && kept.some((keptLine) => keptLine.trim() !== '')) break;
    if (trimmed.startsWith('>')) continue;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

/** The text cut into sentences (on ., !, ? or a line break), for rules that read one sentence at a time. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}
