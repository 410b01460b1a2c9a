/**
 * "Skip to main content" (WCAG 2.4.1): the shell's first focusable element, above the top of the
 * window until the keyboard reaches it. It moves focus to the page itself, so the next Tab goes on from there,
 * without putting `#main` into the address.
 */
export function SkipLink({ target, inert = false }: { target: string; inert?: boolean }) {
  return (
    <a
      href={`#${target}`}
      inert={inert}
      className="btn btn-sm btn-primary fixed top-2 left-2 z-50 -translate-y-16 focus:translate-y-0"
      onClick={(event) => {
        const main = document.getElementById(target);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}
