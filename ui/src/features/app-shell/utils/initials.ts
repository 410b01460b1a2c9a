/** A name's initials for an avatar: "Jane Doe" → "JD", "Jane" → "JA", "jean-luc picard" → "JP". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words.at(-1)![0]}`;
  return letters.toUpperCase();
}
