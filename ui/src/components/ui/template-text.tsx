import { templateParts } from '../../utils/text.ts';

/**
 * Text of a template with each slot (`{company}`) shown as a marked field, named in words
 * ("prospect's company"), never as a raw `{word}`; `filledWith` says when a slot is filled.
 */
export function TemplateText({ text, filledWith = 'each time it is used' }: { text: string; filledWith?: string }) {
  return (
    <>
      {templateParts(text).map((part, index) =>
        'slot' in part ? (
          <span
            key={index}
            className="mx-0.5 inline-block rounded border border-dashed border-primary/60 bg-primary/10 px-1 font-sans text-[0.9em] leading-snug text-primary"
            title={`A field: the ${part.label}, filled in ${filledWith}`}
            data-slot={part.slot}
          >
            {part.label}
          </span>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
