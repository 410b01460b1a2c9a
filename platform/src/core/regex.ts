/** `text` with every regular-expression symbol escaped, so a typed search matches it literally. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
