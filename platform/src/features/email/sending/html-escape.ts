/** `text` safe to put in HTML, in an element or a quoted attribute: & < > " ' become character references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
