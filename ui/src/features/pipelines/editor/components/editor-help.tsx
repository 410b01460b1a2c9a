/** How the editor is used, for when no step is selected. */
export function EditorHelp() {
  return (
    <section aria-label="How to edit" className="flex flex-col gap-2 text-sm text-base-content/70">
      <h2 className="text-sm font-semibold text-base-content">How to edit</h2>
      <ul className="list-inside list-disc space-y-1">
        <li>Drag an activity onto the canvas, or choose its +.</li>
        <li>Drag from the dot under a step to the top of the next to make it run after.</li>
        <li>Select a step to map its input: a constant, the run input or an earlier step&apos;s output.</li>
        <li>Delete removes the selected step or edge; Ctrl+Z undoes.</li>
        <li>
          By keyboard: Tab or the arrow keys go through the steps in the order they run, Enter opens one and Escape closes it, its
          &quot;Runs after&quot; connects it, Delete removes it.
        </li>
        <li>Test run runs the draft, unsaved, and shows each step&apos;s status on the canvas.</li>
      </ul>
    </section>
  );
}
